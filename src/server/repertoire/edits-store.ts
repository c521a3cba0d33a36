import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Color, EditOp } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { repertoireEdits, studies } from '../db/schema.js';
import { BadRequestError } from '../plugins/error-handler.js';

/**
 * The repertoire_edits rows of a player's colour. Writers take the colour's study row lock first (on
 * PostgreSQL; the embedded database runs one transaction at a time), so two processes adding, undoing
 * or pushing at once each see the other's work: the limit holds and undo takes exactly the last edit.
 */

/** Edits a colour keeps at most. */
export const MAX_EDITS_PER_COLOR = 5_000;
/**
 * Moves a colour's additions may hold in all: the bound on what edits add to the repertoire, since
 * 5,000 edits of 300-move lines would be a repertoire of over a million positions, built on every read.
 */
export const MAX_ADDED_PLIES_PER_COLOR = 60_000;

/** The moves of a normalised movetext ('1. e4 b6 2. d4' has 3). */
export const pliesOf = (line: string): number =>
  line.split(/\s+/).filter((word) => word !== '' && !/^\d+\.+$/.test(word)).length;

export interface StoredEdit {
  id: number;
  op: EditOp;
  line: string;
  san: string;
  anchored: boolean;
  pushed: boolean;
  createdAt: Date;
  comment: string | null;
}

const EDIT_COLUMNS = {
  id: repertoireEdits.id,
  op: repertoireEdits.op,
  line: repertoireEdits.line,
  san: repertoireEdits.san,
  anchored: repertoireEdits.anchored,
  pushed: repertoireEdits.pushed,
  createdAt: repertoireEdits.createdAt,
  comment: repertoireEdits.comment,
};

const ofColor = (userId: number, color: Color) =>
  and(eq(repertoireEdits.userId, userId), eq(repertoireEdits.color, color));

export const noStudyMessage = (color: Color) => `You have no ${color} study: set one on Manage Openings first`;

/** The colour's edits after `afterId`, oldest first. */
export async function readEdits(db: Db, userId: number, color: Color, afterId = 0): Promise<StoredEdit[]> {
  return db
    .select(EDIT_COLUMNS)
    .from(repertoireEdits)
    .where(and(ofColor(userId, color), gt(repertoireEdits.id, afterId)))
    .orderBy(asc(repertoireEdits.id));
}

/** Locks the colour's study row for this transaction; a 400 when the colour has no study. */
async function lockStudy(tx: Db, userId: number, color: Color): Promise<void> {
  const rows = rowsOf<{ present: boolean }>(
    await tx.execute(sql`
      select study_text is not null as present from studies
      where user_id = ${userId} and color = ${color} for update`),
  );
  if (!rows[0]?.present) throw new BadRequestError(noStudyMessage(color));
}

export interface NewEdit {
  op: EditOp;
  line: string;
  san: string;
  anchored: boolean;
  comment?: string;
}

/** Stores an edit after the colour's others; a 400 (nothing stored) past MAX_EDITS_PER_COLOR. */
export async function appendEdit(app: FastifyInstance, userId: number, color: Color, edit: NewEdit): Promise<void> {
  await appendEdits(app, userId, color, [edit]);
}

/**
 * Stores edits after the colour's others in one transaction; two or more share a group, so one undo
 * takes them all back. A 400 (nothing stored) when they would pass MAX_EDITS_PER_COLOR.
 */
export async function appendEdits(
  app: FastifyInstance,
  userId: number,
  color: Color,
  edits: readonly NewEdit[],
): Promise<void> {
  if (edits.length === 0) return;
  await app.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockStudy(tx, userId, color);
    const [{ count, plies }] = await tx
      .select({ count: sql<number>`count(*)::int`, plies: sql<number>`coalesce(sum(plies), 0)::int` })
      .from(repertoireEdits)
      .where(ofColor(userId, color));
    const rows = edits.map((edit) => ({ userId, color, ...edit, plies: edit.op === 'add' ? pliesOf(edit.line) : 0 }));
    const added = rows.reduce((sum, row) => sum + row.plies, 0);
    const fresh = 'download its PGN and store that as your study to start afresh';
    if (count + edits.length > MAX_EDITS_PER_COLOR)
      throw new BadRequestError(
        `Your ${color} repertoire ${count >= MAX_EDITS_PER_COLOR ? 'already has' : 'would pass'} ` +
          `${MAX_EDITS_PER_COLOR.toLocaleString('en-US')} edits, the most it keeps: ${fresh}`,
      );
    if (added > 0 && plies + added > MAX_ADDED_PLIES_PER_COLOR)
      throw new BadRequestError(
        `Your ${color} edits would add more than ${MAX_ADDED_PLIES_PER_COLOR.toLocaleString('en-US')} moves ` +
          `(they hold ${plies.toLocaleString('en-US')}, this adds ${added.toLocaleString('en-US')}): ${fresh}`,
      );
    const ids = await tx.insert(repertoireEdits).values(rows).returning({ id: repertoireEdits.id });
    if (ids.length > 1) {
      const first = Math.min(...ids.map((row) => row.id));
      await tx
        .update(repertoireEdits)
        .set({ groupId: first })
        .where(
          inArray(
            repertoireEdits.id,
            ids.map((row) => row.id),
          ),
        );
    }
  });
}

/** Drops the colour's last edit (with the edits of its group); false when it had none. A 400 when the colour has no study. */
export async function dropLastEdit(app: FastifyInstance, userId: number, color: Color): Promise<boolean> {
  return app.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockStudy(tx, userId, color);
    const deleted = rowsOf<{ id: number }>(
      await tx.execute(sql`
        with last as (
          select id, group_id from repertoire_edits where user_id = ${userId} and color = ${color}
          order by id desc limit 1)
        delete from repertoire_edits e using last
        where e.user_id = ${userId} and e.color = ${color}
          and (e.id = last.id or e.group_id = last.group_id)
        returning e.id`),
    );
    return deleted.length > 0;
  });
}

/** Marks the colour's additions up to `lastId` as written to Lichess, with the chapter holding them. */
export async function markPushed(
  app: FastifyInstance,
  userId: number,
  color: Color,
  lastId: number,
  chapter: string | null,
): Promise<void> {
  await app.db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await tx
      .update(repertoireEdits)
      .set({ pushed: true })
      .where(
        and(ofColor(userId, color), inArray(repertoireEdits.op, ['add', 'comment']), lte(repertoireEdits.id, lastId)),
      );
    await tx
      .update(studies)
      .set({ additionsChapter: chapter })
      .where(and(eq(studies.userId, userId), eq(studies.color, color)));
  });
}

/** 'count:last id:id sum' of the colour's edits: changes with every edit and undo. */
export async function editsSignature(db: Db, userId: number, color: Color): Promise<string> {
  const [row] = rowsOf<{ count: number; last: number; total: string }>(
    await db.execute(sql`
      select count(*)::int as count, coalesce(max(id), 0)::int as last, coalesce(sum(id), 0)::text as total
      from repertoire_edits where user_id = ${userId} and color = ${color}`),
  );
  return `${row.count}:${row.last}:${row.total}`;
}

/**
 * Another study in place of the colour's (a different Lichess study, or a file instead of a study or
 * back) drops the edits of the one it replaces: they were made to that study. Storing the same study
 * again (a refresh from Lichess, the same file's link) keeps them. Call before the new study is stored.
 */
export async function dropEditsOfReplacedStudy(
  db: Db,
  userId: number,
  color: Color,
  link: string | null,
): Promise<void> {
  const [previous] = await db
    .select({ link: studies.link, present: sql<boolean>`${studies.studyText} is not null` })
    .from(studies)
    .where(and(eq(studies.userId, userId), eq(studies.color, color)));
  if (!previous?.present || (previous.link ?? null) === link) return;
  await db.delete(repertoireEdits).where(ofColor(userId, color));
  await db
    .update(studies)
    .set({ additionsChapter: null })
    .where(and(eq(studies.userId, userId), eq(studies.color, color)));
}
