import type { Color } from '@contract/common';
import type { Card } from '../../../../chess/scheduling-types';
import { getCards } from '../../../lib/cards';
import { getDrillNext, getDrillStats } from '../../../lib/drill';
import { alternate, shareNew } from '../new-share';
import type { DrillItem } from './types';

export type TrainingStep = { kind: 'card'; card: Card } | { kind: 'drill'; item: DrillItem; fresh: boolean };

/** The most the drill serves per call and colour. */
const DRILL_LIMIT = 500;

const isFresh = (item: DrillItem) => item.state === 0 && !item.changed;

/**
 * One session's queue, read when it starts: the due cards (oldest due first), then the due drill items
 * of both colours (oldest first), then New drill items up to what is left of today's allowance, shared
 * between the colours in proportion to the positions each has left to learn, the colours taking turns.
 */
export async function loadTrainingQueue(newLeft: number, now = Date.now()): Promise<TrainingStep[]> {
  const [cards, white, black, whiteLeft, blackLeft] = await Promise.all([
    getCards(),
    getDrillNext('white', DRILL_LIMIT),
    getDrillNext('black', DRILL_LIMIT),
    newToLearn('white'),
    newToLearn('black'),
  ]);
  const dueCards = cards
    .filter((card) => Date.parse(card.due) <= now)
    .sort((a, b) => Date.parse(a.due) - Date.parse(b.due));
  const items = [...white, ...black];
  const dueDrill = items.filter((item) => !isFresh(item)).sort((a, b) => Date.parse(a.due) - Date.parse(b.due));
  const share = shareNew(Math.max(0, newLeft), whiteLeft, blackLeft);
  const fresh = alternate(white.filter(isFresh).slice(0, share.white), black.filter(isFresh).slice(0, share.black));
  return [
    ...dueCards.map((card): TrainingStep => ({ kind: 'card', card })),
    ...dueDrill.map((item): TrainingStep => ({ kind: 'drill', item, fresh: false })),
    ...fresh.map((item): TrainingStep => ({ kind: 'drill', item, fresh: true })),
  ];
}

/** The colour's positions never answered (New), all of them, not only today's. */
async function newToLearn(color: Color): Promise<number> {
  return (await getDrillStats(color)).new;
}
