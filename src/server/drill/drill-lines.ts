import type { FastifyInstance } from 'fastify';
import {
  answeredReplies,
  playerPositionsAlong,
  positionKey,
  type Color,
  type RepertoireMove,
} from '../../chess/index.js';
import { storeItems } from './drill-new-items.js';
import type { DrillItemRow } from './drill-item-payload.js';
import { readItemsByKeys } from './drill-items-repository.js';
import type { DrillDeckSource } from './drill-source.js';
import { syncedDeck } from './drill-sync.js';

/**
 * Drill items of chosen positions, due or not: along given lines, or after each opponent reply at a
 * position ("All my replies"). New ones are stored as rows first (the deck stores New items only when
 * they are served).
 */

/**
 * The items at the positions `pick` finds in the colour's synced deck, in that order; undefined when
 * the colour has no study.
 */
async function itemsAt(
  app: FastifyInstance,
  userId: number,
  color: Color,
  pick: (source: DrillDeckSource) => string[],
): Promise<{ rows: DrillItemRow[]; source: DrillDeckSource } | undefined> {
  // A study stored between reading the deck and storing its items: read it again.
  let source: DrillDeckSource | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    source = await syncedDeck(app, userId, color);
    if (!source) return undefined;
    const deck = source;
    const keys = pick(deck).filter((key) => deck.byKey.has(key));
    if (keys.length === 0) return { rows: [], source };
    const read = () => readItemsByKeys(app.db, userId, color, keys, true);
    let rows = await read();
    const stored = new Set(rows.map((row) => row.positionKey));
    const missing = keys.filter((key) => !stored.has(key)).map((key) => deck.byKey.get(key)!);
    if (missing.length > 0) {
      if (!(await storeItems(app, userId, color, deck, missing))) continue;
      rows = await read();
    }
    const byKey = new Map(rows.map((row) => [row.positionKey, row]));
    return { rows: keys.flatMap((key) => byKey.get(key) ?? []), source };
  }
  return source && { rows: [], source };
}

/**
 * The drill items of the player's positions along the lines, in the order the lines meet them, due or
 * not. Undefined when the colour has no study.
 */
export async function drillItemsAlong(
  app: FastifyInstance,
  userId: number,
  color: Color,
  lines: readonly string[],
): Promise<DrillItemRow[] | undefined> {
  return (await itemsAt(app, userId, color, (source) => playerPositionsAlong(source.rep, lines)))?.rows;
}

export type DrillRepliesFound =
  | { kind: 'no-study' }
  /** The repertoire has no position with the opponent to move there. */
  | { kind: 'not-found' }
  /** The opponent's replies the player answers, in the study's order, with the item after each. */
  | { kind: 'found'; fen: string; replies: { move: RepertoireMove; row: DrillItemRow }[] };

/** "All my replies": at `fen` (the opponent to move), the player's item after each repertoire reply. */
export async function drillRepliesAt(
  app: FastifyInstance,
  userId: number,
  color: Color,
  fen: string,
): Promise<DrillRepliesFound> {
  const key = positionKey(fen);
  const found = await itemsAt(app, userId, color, (source) => answeredReplies(source.rep, key).map((m) => m.to));
  if (!found) return { kind: 'no-study' };
  const { rep } = found.source;
  const position = rep.positions.get(key);
  if (!position || position.turn === color) return { kind: 'not-found' };
  const byKey = new Map(found.rows.map((row) => [row.positionKey, row]));
  const replies = answeredReplies(rep, key).flatMap((move) => {
    const row = byKey.get(move.to);
    return row ? [{ move, row }] : [];
  });
  return { kind: 'found', fen: position.fen, replies };
}
