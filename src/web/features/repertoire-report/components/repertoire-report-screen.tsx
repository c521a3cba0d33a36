import { useState, type ReactNode } from 'react';
import { REPORT_SOURCES, type ReportDeviation, type ReportSource } from '@contract/repertoire-report';
import { StatusBox } from '../../../components/status-box';
import { errorText } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useLastReport, useRunRepertoireReport } from '../api/run-repertoire-report';
import { DeviationList, type DeviationKind } from './deviation-list';
import { ReportSummary } from './report-summary';
import '../repertoire-report.css';

export type RepertoireReportScreenProps = {
  /** Practice for a row of "You left your repertoire" (the app folder brings "Add to drill"). */
  renderOwnAction: (deviation: ReportDeviation) => ReactNode;
  /** Practice for a row of "Opponents surprised you" (the app folder brings "Make card"). */
  renderOpponentAction: (deviation: ReportDeviation) => ReactNode;
  manageOpeningsPath: string;
  gameReviewPath: string;
  /** The Repertoire screen at a line (movetext from the start), linked from every row. */
  workshopHref?: (color: ReportDeviation['color'], line: string) => string;
};

const SOURCE_LABELS: Record<ReportSource, string> = {
  reviews: 'Saved game reviews',
  lichess: 'Recent Lichess games',
  chesscom: 'Recent Chess.com games',
};

/** "My games vs my repertoire": choose sources, run, then the summary and the two ranked lists. */
export function RepertoireReportScreen({
  renderOwnAction,
  renderOpponentAction,
  manageOpeningsPath,
  gameReviewPath,
  workshopHref,
}: RepertoireReportScreenProps) {
  usePageTitle('Games vs Repertoire');
  const last = useLastReport();
  const [sources, setSources] = useState<ReportSource[]>(() => last?.sources ?? [...REPORT_SOURCES]);
  const [open, setOpen] = useState<{ kind: DeviationKind; index: number }>();
  const run = useRunRepertoireReport();
  const report = run.isPending ? undefined : last?.report;

  const toggleSource = (source: ReportSource, on: boolean) =>
    setSources((list) => REPORT_SOURCES.filter((s) => (s === source ? on : list.includes(s))));
  const toggleRow = (kind: DeviationKind) => (index: number) =>
    setOpen((current) => (current?.kind === kind && current.index === index ? undefined : { kind, index }));

  return (
    <section className="page rr-page" aria-labelledby="rr-title">
      <h1 id="rr-title">My games vs my repertoire</h1>
      <p className="rr-intro">
        Where you and your opponents leave your opening studies, over many games: the moves you keep forgetting, and the
        replies you never prepared.
      </p>
      <form
        className="rr-form"
        onSubmit={(event) => {
          event.preventDefault();
          setOpen(undefined);
          run.mutate(sources);
        }}
      >
        <fieldset className="rr-sources">
          <legend>Games to include</legend>
          {REPORT_SOURCES.map((source) => (
            <label key={source} className="rr-check">
              <input
                type="checkbox"
                checked={sources.includes(source)}
                onChange={(e) => toggleSource(source, e.target.checked)}
              />{' '}
              {SOURCE_LABELS[source]}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button button-primary" disabled={sources.length === 0 || run.isPending}>
          Run Report
        </button>
      </form>
      {(run.isPending || run.isError) && (
        <StatusBox
          busy={run.isPending}
          text={
            run.isPending
              ? 'Comparing your games with your repertoire'
              : `Sorry...something went wrong: ${errorText(run.error)}`
          }
        />
      )}
      {report && (
        <>
          <ReportSummary report={report} manageOpeningsPath={manageOpeningsPath} />
          <DeviationList
            kind="own"
            title="You left your repertoire"
            empty="You kept to your repertoire in every game compared."
            deviations={report.left_by_you}
            openIndex={open?.kind === 'own' ? open.index : undefined}
            onToggle={toggleRow('own')}
            renderAction={renderOwnAction}
            gameReviewPath={gameReviewPath}
            workshopHref={workshopHref}
          />
          <DeviationList
            kind="opponent"
            title="Opponents surprised you"
            empty="Your repertoire had an answer to every opponent move met."
            deviations={report.left_by_opponent}
            openIndex={open?.kind === 'opponent' ? open.index : undefined}
            onToggle={toggleRow('opponent')}
            renderAction={renderOpponentAction}
            gameReviewPath={gameReviewPath}
            workshopHref={workshopHref}
          />
        </>
      )}
    </section>
  );
}
