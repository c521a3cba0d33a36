import { and, asc, eq, sql } from 'drizzle-orm';
import type { RepertoireSourceView, SourceKind } from '@contract/repertoire-sources.js';
import type { Color } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { repertoireEdits, repertoireSources, studies } from '../db/schema.js';

/**
 * The SQL of a colour's repertoire sources. Writers run in one transaction that first locks the
 * colour's studies row (made empty when missing), so two processes changing sources at once each see
 * the other's work and the union written last holds both.
 */

export interface SourceRow {
  id: number;
  color: Color;
  ordinal: number;
  name: string;
  kind: SourceKind;
  link: string | null;
  exclusions: string;
  enabled: boolean;
  positions: number | null;
  updatedAt: Date;
}

export interface SourceWithText extends SourceRow {
  studyText: string;
}

const COLUMNS = {
  id: repertoireSources.id,
  color: repertoireSources.color,
  ordinal: repertoireSources.ordinal,
  name: repertoireSources.name,
  kind: repertoireSources.kind,
  link: repertoireSources.link,
  exclusions: repertoireSources.exclusions,
  enabled: repertoireSources.enabled,
  positions: repertoireSources.positions,
  updatedAt: repertoireSources.updatedAt,
};

const ofColor = (userId: number, color: Color) =>
  and(eq(repertoireSources.userId, userId), eq(repertoireSources.color, color));

export const sourceView = (row: SourceRow): RepertoireSourceView => ({
  id: row.id,
  color: row.color,
  name: row.name,
  kind: row.kind,
  link: row.link,
  exclusions: row.exclusions,
  enabled: row.enabled,
  positions: row.positions ?? 0,
  updated_at: row.updatedAt.toISOString(),
});

/** The colour's sources in order, without their texts. */
export async function listSources(db: Db, userId: number, color: Color): Promise<SourceRow[]> {
  return db
    .select(COLUMNS)
    .from(repertoireSources)
    .where(ofColor(userId, color))
    .orderBy(asc(repertoireSources.ordinal), asc(repertoireSources.id));
}

/** The colour's sources in order, with their texts. */
export async function listSourcesWithText(db: Db, userId: number, color: Color): Promise<SourceWithText[]> {
  return db
    .select({ ...COLUMNS, studyText: repertoireSources.studyText })
    .from(repertoireSources)
    .where(ofColor(userId, color))
    .orderBy(asc(repertoireSources.ordinal), asc(repertoireSources.id));
}

/** The player's source `id`, with its text; undefined when it is not theirs. */
export async function findSource(db: Db, userId: number, id: number): Promise<SourceWithText | undefined> {
  const [row] = await db
    .select({ ...COLUMNS, studyText: repertoireSources.studyText })
    .from(repertoireSources)
    .where(and(eq(repertoireSources.userId, userId), eq(repertoireSources.id, id)));
  return row;
}

/**
 * Locks the colour for this transaction (its studies row, made empty when missing) and makes a study
 * stored before sources existed (or by an import) the colour's first source.
 */
export async function lockColor(tx: Db, userId: number, color: Color): Promise<void> {
  await tx.insert(studies).values({ userId, color, studyText: null }).onConflictDoNothing();
  const [study] = rowsOf<{ title: string; link: string | null; text: string | null; exclude: string }>(
    await tx.execute(sql`
      select title, link, study_text as text, exclude_move_indicators as exclude from studies
      where user_id = ${userId} and color = ${color} for update`),
  );
  if (!study?.text) return;
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(repertoireSources)
    .where(ofColor(userId, color));
  if (count > 0) return;
  await tx.insert(repertoireSources).values({
    userId,
    color,
    ordinal: 0,
    name: study.title || (study.link ? 'Lichess study' : 'Uploaded PGN'),
    kind: study.link ? 'lichess' : 'file',
    link: study.link,
    studyText: study.text,
    exclusions: study.exclude,
  });
}

export interface NewSource {
  name: string;
  kind: SourceKind;
  link: string | null;
  studyText: string;
  exclusions: string;
  positions: number;
}

/** Adds a source after the colour's others. */
export async function insertSource(tx: Db, userId: number, color: Color, source: NewSource): Promise<SourceRow> {
  const [{ next }] = rowsOf<{ next: number }>(
    await tx.execute(sql`
      select coalesce(max(ordinal) + 1, 0)::int as next from repertoire_sources
      where user_id = ${userId} and color = ${color}`),
  );
  const [row] = await tx
    .insert(repertoireSources)
    .values({ userId, color, ordinal: next, ...source })
    .returning(COLUMNS);
  return row;
}

export async function updateSource(
  tx: Db,
  userId: number,
  id: number,
  values: Partial<NewSource> & { enabled?: boolean; updatedAt?: Date },
): Promise<SourceRow | undefined> {
  const [row] = await tx
    .update(repertoireSources)
    .set(values)
    .where(and(eq(repertoireSources.userId, userId), eq(repertoireSources.id, id)))
    .returning(COLUMNS);
  return row;
}

export async function deleteSource(tx: Db, userId: number, id: number): Promise<boolean> {
  const rows = await tx
    .delete(repertoireSources)
    .where(and(eq(repertoireSources.userId, userId), eq(repertoireSources.id, id)))
    .returning({ id: repertoireSources.id });
  return rows.length > 0;
}

/** Positions counted later (a source made by the migration). */
export async function savePositions(db: Db, userId: number, id: number, positions: number): Promise<void> {
  await db
    .update(repertoireSources)
    .set({ positions })
    .where(and(eq(repertoireSources.userId, userId), eq(repertoireSources.id, id)));
}

/** The colour's edits were made to a repertoire now replaced: they go, with the additions chapter's mark. */
export async function dropEdits(tx: Db, userId: number, color: Color): Promise<void> {
  await tx.delete(repertoireEdits).where(and(eq(repertoireEdits.userId, userId), eq(repertoireEdits.color, color)));
  await tx
    .update(studies)
    .set({ additionsChapter: null })
    .where(and(eq(studies.userId, userId), eq(studies.color, color)));
}

export interface UnionValues {
  title: string;
  link: string | null;
  studyText: string | null;
  excludeMoveIndicators: string;
  lastUpdate: Date;
}

/** Writes the union of the sources into the colour's studies row, which every reader reads. */
export async function writeUnion(tx: Db, userId: number, color: Color, values: UnionValues): Promise<void> {
  await tx
    .update(studies)
    .set(values)
    .where(and(eq(studies.userId, userId), eq(studies.color, color)));
}
