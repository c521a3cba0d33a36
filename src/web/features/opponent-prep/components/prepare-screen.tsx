import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { PrepProgress, PrepRequest } from '@contract/opponent-prep';
import { isApiError } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { usePrep } from '../api/get-prep';
import { useRunPrep } from '../api/run-prep';
import { PrepForm } from './prep-form';
import { PrepProgressBar } from './prep-progress';
import { PrepResult } from './prep-result';
import { RecentPreps } from './recent-preps';
import '../opponent-prep.css';

type Props = {
  /** The repertoire workshop at a line of the colour's repertoire. */
  workshopHref: (color: 'white' | 'black', line: string) => string;
  /** The drill limited to the positions along the lines. */
  drillHref: (color: 'white' | 'black', lines: string[]) => string;
  manageOpeningsPath: string;
};

/**
 * Prepare for an opponent: their recent games on Lichess or Chess.com against the player's repertoire.
 * The preparation shown is in the address (`?id=`), so a reload or the kept list reopens it.
 */
export function PrepareScreen({ workshopHref, drillHref, manageOpeningsPath }: Props) {
  usePageTitle('Prepare');
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const id = Number(params.get('id')) || undefined;
  const kept = usePrep(id);
  const [progress, setProgress] = useState<PrepProgress>();
  // What was asked, and on which page: any navigation since (the kept list, even to the same
  // preparation; Back) leaves the ask and its failure behind.
  const [asked, setAsked] = useState<{ input: PrepRequest; at: string }>();
  const run = useRunPrep(setProgress);

  const start = (input: PrepRequest) => {
    setAsked({ input, at: location.key });
    setProgress(undefined);
    run.mutate(input, { onSuccess: (answer) => setParams({ id: String(answer.id) }, { replace: false }) });
  };

  const current = asked && asked.at === location.key ? asked.input : undefined;
  // Once another preparation is asked for, the last one is not shown: it would read as the new opponent's.
  const prep = run.isPending || (run.isError && current) ? undefined : kept.data;
  const initial: PrepRequest | undefined =
    current ?? (kept.data ? { site: kept.data.site, username: kept.data.username, color: kept.data.color } : undefined);
  const failure = run.isError && current ? run.error : undefined;
  const noStudy =
    failure && isApiError(failure) && failure.status === 400 && /no (white|black) study/.test(failure.message);

  return (
    <section className="page prep-page" aria-labelledby="prep-title">
      <h1 id="prep-title">Prepare for an opponent</h1>
      <p className="muted prep-intro">
        Their recent games against your repertoire: where they surprise you, the lines they walk into, and a drill of
        those lines.
      </p>
      <PrepForm
        key={initial ? `${initial.site}|${initial.username}|${initial.color}` : 'new'}
        initial={initial}
        busy={run.isPending}
        onSubmit={start}
      />
      {run.isPending && asked && <PrepProgressBar progress={progress} site={asked.input.site} />}
      {failure && (
        <p className="form-message is-error prep-error" role="alert" data-testid="prep-error">
          {failure.message}
          {noStudy && (
            <>
              {' '}
              (<a href={manageOpeningsPath}>Manage Openings</a>)
            </>
          )}
        </p>
      )}
      {id !== undefined && kept.isError && !run.isPending && (
        <p className="form-message is-error" role="alert">
          That preparation could not be opened: {kept.error.message}
        </p>
      )}
      {prep && (
        <PrepResult key={prep.id + prep.created_at} prep={prep} workshopHref={workshopHref} drillHref={drillHref} />
      )}
      <RecentPreps currentId={prep ? id : undefined} hrefOf={(n) => `?id=${n}`} />
    </section>
  );
}
