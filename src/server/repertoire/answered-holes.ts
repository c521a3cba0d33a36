import type { FastifyInstance } from 'fastify';
import { holePositionKey } from '../../chess/hole-position.js';
import type { Color, Hole } from '../../chess/index.js';
import { syncedDeck } from '../drill/drill-sync.js';

/**
 * Which holes of a coverage check the repertoire answers now. A hole is answered when the position its
 * move leads to is in the colour's drill deck: the rule the goal's needed holes and Today count by.
 * The deck is synced first when an edit left it behind (its follower waits for a burst of edits to
 * end), so an answer added in the workshop counts on the very next read, and the stored deck keys
 * those counts read are current too.
 */
export async function markAnswered<H extends Pick<Hole, 'fen' | 'uci'>>(
  app: FastifyInstance,
  userId: number,
  color: Color,
  holes: readonly H[],
): Promise<(H & { answered?: boolean })[]> {
  const deck = await currentDeck(app, userId, color);
  if (!deck) return [...holes];
  return holes.map((hole) => {
    const key = holePositionKey(hole);
    return { ...hole, answered: key !== undefined && deck.byKey.has(key) };
  });
}

/** The colour's deck, synced with the study and its edits; undefined without a study or when the sync fails. */
export async function currentDeck(app: FastifyInstance, userId: number, color: Color) {
  try {
    return await syncedDeck(app, userId, color);
  } catch (error) {
    // The holes then show as the check left them: not worth failing the page for.
    app.log.error({ err: error, userId, color }, 'drill deck sync for coverage holes failed');
    return undefined;
  }
}
