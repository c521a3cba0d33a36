import type { Card } from '@contract/cards';
import { getCards } from '../../../lib/cards';
import { getDrillNext } from '../../../lib/drill';
import { alternate } from '../new-share';
import type { DrillItem } from './types';

export type TrainingStep = { kind: 'card'; card: Card } | { kind: 'drill'; item: DrillItem; fresh: boolean };

/** The most the drill serves per call and colour. */
const DRILL_LIMIT = 500;

const isFresh = (item: DrillItem) => item.state === 0 && !item.changed;

/**
 * One session's queue, read when it starts: the due cards (oldest due first), then the due drill items
 * of both colours (oldest first), then New drill items up to what is left of today's allowance, the
 * colours taking turns. The server serves each colour only its share of the allowance (in proportion to
 * the positions each has left to learn: src/chess/drill-new-share.ts), as it does on the Drill screen.
 */
export async function loadTrainingQueue(newLeft: number, now = Date.now()): Promise<TrainingStep[]> {
  const [cards, white, black] = await Promise.all([
    getCards(),
    getDrillNext('white', DRILL_LIMIT),
    getDrillNext('black', DRILL_LIMIT),
  ]);
  const dueCards = cards
    .filter((card) => Date.parse(card.due) <= now)
    .sort((a, b) => Date.parse(a.due) - Date.parse(b.due));
  const items = [...white, ...black];
  const dueDrill = items.filter((item) => !isFresh(item)).sort((a, b) => Date.parse(a.due) - Date.parse(b.due));
  const fresh = alternate(white.filter(isFresh), black.filter(isFresh)).slice(0, Math.max(0, newLeft));
  return [
    ...dueCards.map((card): TrainingStep => ({ kind: 'card', card })),
    ...dueDrill.map((item): TrainingStep => ({ kind: 'drill', item, fresh: false })),
    ...fresh.map((item): TrainingStep => ({ kind: 'drill', item, fresh: true })),
  ];
}
