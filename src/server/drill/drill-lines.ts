import type { FastifyInstance } from 'fastify';
import { playerPositionsAlong, type Color } from '../../chess/index.js';
import { storeItems } from './drill-new-items.js';
import type { DrillItemRow } from './drill-item-payload.js';
import { readItemsByKeys } from './drill-items-repository.js';
import { syncedDeck } from './drill-sync.js';

/**
 * The drill items of the player's positions along the lines, in the order the lines meet them, due or
 * not; New ones are stored as rows first (the deck stores New items only when they are served).
 * Undefined when the colour has no study.
 */
export async function drillItemsAlong(
  app: FastifyInstance,
  userId: number,
  color: Color,
  lines: readonly string[],
): Promise<DrillItemRow[] | undefined> {
  // A study stored between reading the deck and storing its items: read it again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const source = await syncedDeck(app, userId, color);
    if (!source) return undefined;
    const keys = playerPositionsAlong(source.rep, lines).filter((key) => source.byKey.has(key));
    if (keys.length === 0) return [];
    const read = () => readItemsByKeys(app.db, userId, color, keys, true);
    let rows = await read();
    const stored = new Set(rows.map((row) => row.positionKey));
    const missing = keys.filter((key) => !stored.has(key)).map((key) => source.byKey.get(key)!);
    if (missing.length > 0) {
      if (!(await storeItems(app, userId, color, source, missing))) continue;
      rows = await read();
    }
    const byKey = new Map(rows.map((row) => [row.positionKey, row]));
    return keys.flatMap((key) => byKey.get(key) ?? []);
  }
  return [];
}
