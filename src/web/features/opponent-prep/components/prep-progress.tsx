import { PREP_SITE_NAMES, type PrepProgress, type PrepSite } from '@contract/opponent-prep';

/** The server's stages as a bar: fetching the games (one step per archive), then comparing them. */
export function PrepProgressBar({ progress, site }: { progress: PrepProgress | undefined; site: PrepSite }) {
  const stage = progress?.stage ?? 'fetching';
  const total = progress?.total ?? 0;
  const done = progress?.done ?? 0;
  // Fetching is the first half of the bar, comparing the second.
  const share = total > 0 ? done / total : 0;
  const value = stage === 'fetching' ? share * 50 : 50 + share * 50;
  const text =
    stage === 'fetching'
      ? `Fetching games from ${PREP_SITE_NAMES[site]}${total > 1 ? ` (${done} of ${total} months)` : ''}…`
      : `Comparing games with your repertoire: ${done} of ${total}`;
  return (
    <div className="prep-progress card" role="status" aria-live="polite">
      <p>{text}</p>
      <progress max={100} value={Math.round(value)} aria-label="Preparation progress" />
    </div>
  );
}
