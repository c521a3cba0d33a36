import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { lockDrillDeck } from './drill-deck-repository.js';

/**
 * One writer of a player's deck at a time: a sync, an import, or New items stored as they are served.
 * A sync reads the stored items and writes what differs; another writer between the two would leave an
 * item the sync never saw (a New item of the old study still active, say).
 */

/** On PostgreSQL: until the transaction ends. On the embedded database, deckTurn plays this part. */
export { lockDrillDeck };

/** Per process, not per app: every app of the process on the embedded database (it has one owner) takes these turns. */
const deckTurns = new Map<number, Promise<unknown>>();

/**
 * Runs `work` when this process's earlier deck writers of the player are done. A sync on the embedded
 * database writes in several statements; an import or another sync must not write between them.
 */
export async function deckTurn<T>(userId: number, work: () => Promise<T>): Promise<T> {
  const earlier = deckTurns.get(userId) ?? Promise.resolve();
  const run = earlier.catch(() => undefined).then(work);
  const settled = run.catch(() => undefined);
  deckTurns.set(userId, settled);
  try {
    return await run;
  } finally {
    if (deckTurns.get(userId) === settled) deckTurns.delete(userId);
  }
}

/**
 * Runs `work` as the player's only deck writer. On the embedded database (one process owns it) each
 * statement commits on its own, so other players' queries are answered between them; on PostgreSQL it
 * is one transaction under the player's advisory lock.
 */
export function asDeckWriter<T>(app: FastifyInstance, userId: number, work: (db: Db) => Promise<T>): Promise<T> {
  if (app.dbKind === 'pglite') return deckTurn(userId, () => work(app.db));
  return app.db.transaction(async (tx) => {
    await lockDrillDeck(tx as unknown as Db, userId);
    return work(tx as unknown as Db);
  });
}

/** Rows per statement when a sync writes: about 40 ms of the embedded database's time each. */
export const WRITE_CHUNK = 1_000;

/**
 * Lets timers and other requests run. The embedded database answers on this thread without giving the
 * event loop a turn, so a long run of statements needs these between them.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
