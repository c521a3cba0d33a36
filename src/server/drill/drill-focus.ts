import type { FastifyInstance } from 'fastify';
import { positionKey, type Color } from '../../chess/index.js';
import type { DrillItemRow } from './drill-item-payload.js';
import { focusItem } from './drill-items-repository.js';
import { storeItems } from './drill-new-items.js';
import { syncedDeck } from './drill-sync.js';

/**
 * Makes the item of a repertoire position due now (a New item without a row is stored first, its deck
 * synced first if it lags behind); undefined when the position is not in the colour's repertoire.
 */
export async function focusDrillItem(
  app: FastifyInstance,
  userId: number,
  color: Color,
  fen: string,
): Promise<DrillItemRow | undefined> {
  const key = positionKey(fen);
  const focus = () => focusItem(app.db, userId, color, key, new Date());
  let row = await focus();
  for (let attempt = 0; !row && attempt < 3; attempt++) {
    const source = await syncedDeck(app, userId, color);
    const item = source?.byKey.get(key);
    if (!source || !item) break;
    if (await storeItems(app, userId, color, source, [item])) row = await focus();
  }
  return row;
}
