import { and, eq, isNotNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Study } from '@contract/studies.js';
import type { Color } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { studies } from '../db/schema.js';

/** The one study per colour each player keeps: the SQL of get-studies, update-study and the export. */

/** A study as players see it (not the drill's bookkeeping, whose deck digests can run to megabytes). */
export const STUDY_COLUMNS = {
  title: studies.title,
  link: studies.link,
  studyText: studies.studyText,
  excludeMoveIndicators: studies.excludeMoveIndicators,
  lastUpdate: studies.lastUpdate,
};

/** The player's study for a colour, or null when none is set (or its text is null). */
export async function findStudy(db: Db, userId: number, color: Color): Promise<Study | null> {
  const [row] = await db
    .select(STUDY_COLUMNS)
    .from(studies)
    .where(and(eq(studies.userId, userId), eq(studies.color, color)))
    .limit(1);
  if (!row || row.studyText === null) return null;
  return {
    color,
    title: row.title,
    link: row.link,
    study_text: row.studyText,
    exclude_move_indicators: row.excludeMoveIndicators,
    last_update: row.lastUpdate.toISOString(),
  };
}

export interface StudyValues {
  title: string;
  link: string | null;
  /** null clears the colour's study. */
  studyText: string | null;
  excludeMoveIndicators: string;
  lastUpdate: Date;
}

/** What findStudyMd5 keeps, per app (OpeningsMemory): by player and colour. */
export type StudyMd5Memo = LRUCache<string, { md5: string | null | undefined }>;

export const newStudyMd5Memo = (): StudyMd5Memo => new LRUCache({ max: 10_000, ttl: 2_000 });

/** Stores (or replaces) the player's study of a colour. */
export async function saveStudy(
  db: Db,
  memo: StudyMd5Memo,
  userId: number,
  color: Color,
  values: StudyValues,
): Promise<void> {
  await db
    .insert(studies)
    .values({ userId, color, ...values })
    .onConflictDoUpdate({ target: [studies.userId, studies.color], set: values });
  forgetStudyMd5(memo, userId);
}

/**
 * The md5 of the player's study text of a colour (line ends as \n, kept by a trigger): undefined without
 * a study text, null for a row written before the md5 was kept.
 *
 * Kept by the app for two seconds, as session lookups are, so a repeated form costs no query: the
 * app's own writes of a study forget it at once (forgetStudyMd5); another process's show at most two
 * seconds late.
 */
export async function findStudyMd5(
  db: Db,
  memo: StudyMd5Memo,
  userId: number,
  color: Color,
): Promise<string | null | undefined> {
  const key = `${userId}:${color}`;
  const kept = memo.get(key);
  if (kept) return kept.md5;
  const [row] = await db
    .select({ md5: studies.textMd5, present: isNotNull(studies.studyText) })
    .from(studies)
    .where(and(eq(studies.userId, userId), eq(studies.color, color)))
    .limit(1);
  const md5 = row?.present ? row.md5 : undefined;
  memo.set(key, { md5 });
  return md5;
}

/** Forgets what findStudyMd5 keeps for the player (their study was written or removed here). */
export function forgetStudyMd5(memo: StudyMd5Memo, userId: number): void {
  memo.delete(`${userId}:white`);
  memo.delete(`${userId}:black`);
}
