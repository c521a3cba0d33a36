import { Link } from 'react-router';
import type { RepertoireReportAnswer, ReportSource } from '@contract/repertoire-report';
import { percent } from '../report-text';
import { plural } from '../../../lib/plural';

const SOURCE_NAMES: Record<ReportSource, string> = {
  reviews: 'Saved reviews',
  lichess: 'Lichess',
  chesscom: 'Chess.com',
};

/** Games compared, share that stayed in book, average move where book was left, and what was left out. */
export function ReportSummary({
  report,
  manageOpeningsPath,
}: {
  report: RepertoireReportAnswer;
  manageOpeningsPath: string;
}) {
  const stayed = report.compared > 0 ? report.stayed_in_book / report.compared : null;
  const sources = Object.entries(report.sources) as [ReportSource, number][];
  const skipped = report.not_compared;
  return (
    <section className="rr-summary card" aria-labelledby="rr-summary-title">
      <h2 id="rr-summary-title" className="visually-hidden">
        Summary
      </h2>
      <dl className="rr-figures">
        <div>
          <dt>Games compared</dt>
          <dd data-testid="rr-compared">{report.compared}</dd>
        </div>
        <div>
          <dt>Stayed in book</dt>
          <dd data-testid="rr-stayed">{percent(stayed)}</dd>
        </div>
        <div>
          <dt>Book left, on average, at move</dt>
          <dd data-testid="rr-average">
            {report.average_move_left === null ? '–' : report.average_move_left.toFixed(1)}
          </dd>
        </div>
      </dl>
      <p className="rr-meta">
        {sources.map(([source, count]) => `${SOURCE_NAMES[source]}: ${plural(count, 'game')}`).join(' · ')}
        {sources.some(([source, count]) => source !== 'reviews' && count === 0) &&
          ' (a site with no games: no username saved for it, or it did not answer)'}
      </p>
      {report.no_study.length > 0 && (
        <p className="rr-note" role="note">
          No study for {report.no_study.map((c) => (c === 'white' ? 'White' : 'Black')).join(' or ')}
          {skipped.no_study > 0 && `: ${plural(skipped.no_study, 'game was', 'games were')} not compared`}. Set one on{' '}
          <Link to={manageOpeningsPath}>Manage Openings</Link>.
        </p>
      )}
      {skipped.non_standard > 0 && (
        <p className="rr-note">
          {plural(skipped.non_standard, 'game')} not from the standard start (Chess960, set-up positions) skipped.
        </p>
      )}
      {skipped.no_moves + skipped.unreadable > 0 && (
        <p className="rr-note">
          {skipped.no_moves + skipped.unreadable} {skipped.no_moves + skipped.unreadable === 1 ? 'game' : 'games'}{' '}
          without readable moves skipped.
        </p>
      )}
    </section>
  );
}
