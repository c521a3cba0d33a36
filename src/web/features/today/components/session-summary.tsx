import { plural } from '../../../lib/plural';

export type SessionTally = {
  cards: number;
  /** Cards not rated Again. */
  cardsRight: number;
  drill: number;
  /** Drill positions answered right at the first try. */
  drillRight: number;
  /** New drill positions learned. */
  fresh: number;
};

/** The end of a training session: what was done and how it went. */
export function SessionSummary({ tally, total, onClose }: { tally: SessionTally; total: number; onClose: () => void }) {
  const done = tally.cards + tally.drill;
  return (
    <section className="card today-summary" aria-labelledby="today-summary-title" data-testid="today-summary">
      <h2 id="today-summary-title">{done === total ? 'Training done' : 'Training stopped'}</h2>
      {done === 0 ? (
        <p>Nothing was trained this time.</p>
      ) : (
        <ul className="today-summary-list">
          {tally.cards > 0 && (
            <li>
              {plural(tally.cards, 'card')} reviewed, {tally.cardsRight} remembered
            </li>
          )}
          {tally.drill > 0 && (
            <li>
              {plural(tally.drill, 'drill position')}, {tally.drillRight} right at the first try
            </li>
          )}
          {tally.fresh > 0 && <li>{plural(tally.fresh, 'new position')} learned</li>}
        </ul>
      )}
      <button type="button" className="button button-primary" autoFocus onClick={onClose}>
        Back to Today
      </button>
    </section>
  );
}
