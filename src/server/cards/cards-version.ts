// users.cards_version counts every change to a player's cards, so get-cards can answer 304 when the
// browser already holds the current list (its ETag names the version).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Called in the same transaction as the change, so a new ETag is never served with old cards. */
export async function bumpCardsVersion(db: Db | Tx, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ cardsVersion: sql`${users.cardsVersion} + 1` })
    .where(eq(users.id, userId));
}

export async function cardsVersion(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ version: users.cardsVersion }).from(users).where(eq(users.id, userId));
  return row?.version ?? 0;
}

/** Weak: the same list may be sent with different whitespace or compression. */
export const cardsEtag = (userId: number, version: number): string => `W/"cards-${userId}-${version}"`;
