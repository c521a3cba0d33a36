import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';
import type { PublicUser } from '../plugins/session.js';

/** The user as the account calls answer it. */
export const publicUserColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  username_lichess: users.usernameLichess,
  username_chess_dot_com: users.usernameChessDotCom,
};

const lower = (value: string) => value.toLowerCase();

/** Finds a user by email or username, both case-insensitive (a username never holds '@', so at most one matches). */
export async function findUserByLogin(db: Db, login: string) {
  const rows = await db
    .select({ ...publicUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${lower(login)}`, sql`lower(${users.username}) = ${lower(login)}`))
    .limit(1);
  return rows[0];
}

export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${lower(email)}`);
  return rows.length > 0;
}

export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${lower(username)}`);
  return rows.length > 0;
}

export type InsertUserResult = { ok: true; id: number } | { ok: false; reason: 'email exists' | 'username exists' };

/** Inserts a user; the unique indexes on lower(email) and lower(username) settle races between two sign-ups. */
export async function insertUser(
  db: Db,
  user: { email: string; username: string; passwordHash: string },
): Promise<InsertUserResult> {
  try {
    const rows = await db.insert(users).values(user).returning({ id: users.id });
    return { ok: true, id: rows[0].id };
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'users_email_lower_idx') return { ok: false, reason: 'email exists' };
    if (constraint === 'users_username_lower_idx') return { ok: false, reason: 'username exists' };
    throw error;
  }
}

/** The constraint name of a unique violation (PostgreSQL code 23505), from postgres-js or PGlite errors. */
function uniqueViolation(error: unknown): string | undefined {
  for (let e = error as Record<string, unknown> | undefined; e; e = e.cause as Record<string, unknown> | undefined) {
    if (e.code === '23505') return String(e.constraint_name ?? e.constraint ?? '');
  }
  return undefined;
}

/** The player's password hash; undefined when the account is gone. */
export async function findPasswordHash(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash;
}

/** Fills the player's Lichess username from their connected account when they had not given one. */
export async function fillLichessUsername(db: Db, userId: number, name: string): Promise<void> {
  await db
    .update(users)
    .set({ usernameLichess: name })
    .where(and(eq(users.id, userId), isNull(users.usernameLichess)));
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function markEmailConfirmed(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
    .where(eq(users.id, userId));
}

export async function updateSiteUsernames(
  db: Db,
  userId: number,
  values: { usernameLichess?: string | null; usernameChessDotCom?: string | null },
): Promise<PublicUser> {
  const rows = await db.update(users).set(values).where(eq(users.id, userId)).returning(publicUserColumns);
  return rows[0];
}

export async function isEmailConfirmed(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ at: users.emailConfirmedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.at);
}
