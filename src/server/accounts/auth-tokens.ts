import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authTokens, type AuthTokenKind } from '../db/schema.js';

export const RESET_TOKEN_MS = 60 * 60_000;
export const CONFIRM_TOKEN_MS = 7 * 24 * 60 * 60_000;

// 24 bytes (192 bits) keep a mailed link under 76 characters, so mail text carries it unbroken.
const newToken = () => randomBytes(24).toString('base64url');
/** What the database keeps of a token: its SHA-256, hex. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Stores the hash of a new random token and returns the token itself, for the mail. */
export async function createAuthToken(db: Db, userId: number, kind: AuthTokenKind, validMs: number): Promise<string> {
  const token = newToken();
  await db.insert(authTokens).values({
    tokenHash: hashToken(token),
    userId,
    kind,
    expiresAt: new Date(Date.now() + validMs),
  });
  return token;
}

export type TokenUse = { status: 'ok'; userId: number } | { status: 'expired' } | { status: 'invalid' };

/**
 * Marks the token used and returns its user, once: the conditional update makes a second use fail even when
 * two requests race. Unknown and already used tokens are 'invalid'; an unused token past its hour is 'expired'.
 */
export async function useAuthToken(db: Db, token: string, kind: AuthTokenKind): Promise<TokenUse> {
  const tokenHash = hashToken(token);
  const used = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.tokenHash, tokenHash),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: authTokens.userId });
  if (used[0]) return { status: 'ok', userId: used[0].userId };
  const rows = await db
    .select({ usedAt: authTokens.usedAt })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, tokenHash), eq(authTokens.kind, kind)))
    .limit(1);
  return rows[0] && !rows[0].usedAt ? { status: 'expired' } : { status: 'invalid' };
}

/** After a reset, other reset links of that user stop working. */
export async function useAllAuthTokens(db: Db, userId: number, kind: AuthTokenKind): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
}

/** The user of a token that was already used, or undefined (unknown, unused, or another kind). */
export async function findUsedTokenUser(db: Db, token: string, kind: AuthTokenKind): Promise<number | undefined> {
  const rows = await db
    .select({ userId: authTokens.userId, usedAt: authTokens.usedAt })
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind)))
    .limit(1);
  return rows[0]?.usedAt ? rows[0].userId : undefined;
}
