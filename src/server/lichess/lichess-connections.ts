import { createHash } from 'node:crypto';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { lichessConnections, oauthStates, users } from '../db/schema.js';
import { decryptToken, encryptToken } from './token-crypto.js';

/**
 * Stored Connect Lichess data: a player's Lichess name and token (sealed, see token-crypto.ts), and
 * the flows in progress (state hashed, bound to the session that started it, 10 minutes, used once).
 */

export const OAUTH_STATE_MS = 10 * 60_000;

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Flows a player may have open at once (each lives OAUTH_STATE_MS unless its callback uses it). */
export const MAX_OPEN_OAUTH_FLOWS = 5;

/**
 * Keeps a new flow; false (and nothing kept) when the player already has MAX_OPEN_OAUTH_FLOWS open.
 * Requests at the same moment take turns on the player's row: none slips over the cap, and a burst
 * never refuses them all (counting after the insert let each see the whole burst and give up).
 */
export async function saveOAuthState(
  db: Db,
  flow: { state: string; userId: number; sessionKey: string; verifier: string },
  now = new Date(),
): Promise<boolean> {
  // A player who starts again leaves old flows behind: sweep the expired ones.
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  // Counted and added under a lock on the player's row: requests at once each see the others' flows.
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, flow.userId)).for('update');
    const [open] = await tx
      .select({ n: count() })
      .from(oauthStates)
      .where(and(eq(oauthStates.userId, flow.userId), gt(oauthStates.expiresAt, now)));
    if ((open?.n ?? 0) >= MAX_OPEN_OAUTH_FLOWS) return false;
    await tx.insert(oauthStates).values({
      stateHash: sha256(flow.state),
      userId: flow.userId,
      sessionHash: sha256(flow.sessionKey),
      codeVerifier: flow.verifier,
      expiresAt: new Date(now.getTime() + OAUTH_STATE_MS),
    });
    return true;
  });
}

/**
 * Takes (deletes) the flow the state names and gives its code verifier when the flow belongs to this
 * user and session and has not expired; undefined otherwise. A state is good for one callback only.
 */
export async function takeOAuthState(
  db: Db,
  state: string,
  userId: number,
  sessionKey: string,
  now = new Date(),
): Promise<string | undefined> {
  const rows = await db
    .delete(oauthStates)
    .where(eq(oauthStates.stateHash, sha256(state)))
    .returning();
  const flow = rows[0];
  if (!flow || flow.userId !== userId || flow.sessionHash !== sha256(sessionKey)) return undefined;
  if (flow.expiresAt.getTime() <= now.getTime()) return undefined;
  return flow.codeVerifier;
}

export async function saveConnection(
  db: Db,
  secret: string,
  userId: number,
  lichessName: string,
  token: string,
): Promise<void> {
  const values = { lichessName, tokenEncrypted: encryptToken(secret, token), createdAt: new Date() };
  await db
    .insert(lichessConnections)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: lichessConnections.userId, set: values });
}

/** The user object's Connect Lichess fields. */
export async function lichessConnectionState(db: Db, userId: number) {
  const rows = await db
    .select({ name: lichessConnections.lichessName })
    .from(lichessConnections)
    .where(eq(lichessConnections.userId, userId))
    .limit(1);
  return { lichess_connected: rows.length > 0, lichess_connected_as: rows[0]?.name ?? null };
}

export interface LichessConnection {
  lichessName: string;
  token: string;
  /** The stored (sealed) form, to forget exactly this token later. */
  sealed: string;
}

/** The player's connection; undefined when none, or when it was sealed under another SESSION_SECRET. */
export async function findConnection(db: Db, secret: string, userId: number): Promise<LichessConnection | undefined> {
  const rows = await db.select().from(lichessConnections).where(eq(lichessConnections.userId, userId)).limit(1);
  const row = rows[0];
  if (!row) return undefined;
  const token = decryptToken(secret, row.tokenEncrypted);
  return token === undefined ? undefined : { lichessName: row.lichessName, token, sealed: row.tokenEncrypted };
}

/** Forgets the connection; with `sealed`, only while it still holds that token (a newer one is kept). */
export async function deleteConnection(db: Db, userId: number, sealed?: string): Promise<void> {
  const mine = eq(lichessConnections.userId, userId);
  await db.delete(lichessConnections).where(sealed ? and(mine, eq(lichessConnections.tokenEncrypted, sealed)) : mine);
}
