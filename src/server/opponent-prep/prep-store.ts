import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { opponentPreps } from '../db/schema.js';
import type { PrepAnswer, PrepSite, PrepSummary, Surprise, TheirLine } from '@contract/opponent-prep.js';
import type { Color } from '../../chess/index.js';

/** Kept preparations: the last one per (player, site, opponent, colour). */

export interface PrepToKeep {
  site: PrepSite;
  username: string;
  color: Color;
  games: number;
  compared: number;
  surprises: Surprise[];
  their_lines: TheirLine[];
}

/** Keeps the preparation, replacing the previous one against the same opponent and colour. */
export async function keepPrep(db: Db, userId: number, prep: PrepToKeep): Promise<PrepAnswer> {
  const values = {
    username: prep.username,
    games: prep.games,
    compared: prep.compared,
    result: { surprises: prep.surprises, their_lines: prep.their_lines },
    createdAt: new Date(),
  };
  const [row] = await db
    .insert(opponentPreps)
    .values({ userId, site: prep.site, usernameKey: prep.username.toLowerCase(), color: prep.color, ...values })
    .onConflictDoUpdate({
      target: [opponentPreps.userId, opponentPreps.site, opponentPreps.usernameKey, opponentPreps.color],
      set: values,
    })
    .returning({ id: opponentPreps.id, createdAt: opponentPreps.createdAt });
  return { ...prep, id: row.id, created_at: row.createdAt.toISOString() };
}

/** The player's kept preparations, newest first. */
export async function listPreps(db: Db, userId: number, limit = 50): Promise<PrepSummary[]> {
  const rows = await db
    .select({
      id: opponentPreps.id,
      site: opponentPreps.site,
      username: opponentPreps.username,
      color: opponentPreps.color,
      games: opponentPreps.games,
      compared: opponentPreps.compared,
      createdAt: opponentPreps.createdAt,
    })
    .from(opponentPreps)
    .where(eq(opponentPreps.userId, userId))
    .orderBy(desc(opponentPreps.createdAt), desc(opponentPreps.id))
    .limit(limit);
  return rows.map(({ createdAt, ...row }) => ({ ...row, created_at: createdAt.toISOString() }));
}

/** One kept preparation of the player; undefined for another player's id or a missing one. */
export async function findPrep(db: Db, userId: number, id: number): Promise<PrepAnswer | undefined> {
  const [row] = await db
    .select()
    .from(opponentPreps)
    .where(and(eq(opponentPreps.userId, userId), eq(opponentPreps.id, id)));
  return row ? prepOfRow(row) : undefined;
}

/** A stored preparation as answered (and exported); a result missing its lists reads as empty. */
export function prepOfRow(row: typeof opponentPreps.$inferSelect): PrepAnswer {
  const result = row.result as Partial<{ surprises: Surprise[]; their_lines: TheirLine[] }>;
  return {
    id: row.id,
    site: row.site,
    username: row.username,
    color: row.color,
    games: row.games,
    compared: row.compared,
    surprises: result.surprises ?? [],
    their_lines: result.their_lines ?? [],
    created_at: row.createdAt.toISOString(),
  };
}
