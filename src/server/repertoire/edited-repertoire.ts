import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  applyEditsSteps,
  parseExcludeSymbols,
  parseRepertoireLine,
  type Color,
  type EditedRepertoire,
  type Repertoire,
  type RepertoireEdit,
  type RepertoireLine,
} from '../../chess/index.js';
import { rowsOf } from '../db/rows.js';
import { LoopTurn, settleSteps } from '../loop-turn.js';
import { studies } from '../db/schema.js';
import { readEdits, type StoredEdit } from './edits-store.js';

/**
 * A player's repertoire of a colour with their edits applied: the one way the server reads it (checks,
 * comparisons, coverage, the drill, reports, the workshop).
 *
 * Two small queries tell whether anything changed: the study's md5 and options, and the edits' count,
 * last id and id sum. The base comes from the shared repertoire cache (built once per study text); the
 * edits are applied onto a copy that shares untouched positions with it, and a new edit is applied
 * onto the previous result alone, so an edit never re-reads or re-parses the study. What is held lives
 * in app.repertoireMemory. Another process's edits are seen at the next call.
 */

export interface StudyMeta {
  title: string;
  link: string | null;
  exclude: string;
  md5: string;
  /** 'count:last id:id sum' of the colour's edits. */
  signature: string;
  count: number;
  lastId: number;
  additionsChapter: string | null;
}

export interface EditedState {
  study: StudyMeta;
  base: Repertoire;
  edited: EditedRepertoire;
  /** The colour's edits, oldest first, one per effect in `edited`. */
  edits: StoredEdit[];
  /**
   * The study text `base` was built from: the PGN is written from it, and reading it again for each
   * download (190 KB at the edit bound) held the server's thread 3-7 ms on PGlite.
   */
  text: string;
  /** The state this one applied new edits onto (without its own previous): an undo comes back to it. */
  previous?: EditedState;
}

/** A stored line, read once while the app keeps it; undefined if it no longer reads (never stored so). */
const lineOf = (app: FastifyInstance, text: string): RepertoireLine | undefined => {
  const lines = app.repertoireMemory.editLines;
  let line = lines.get(text);
  if (!line) {
    const parsed = parseRepertoireLine(text);
    if (parsed.isErr) return undefined;
    line = parsed.value;
    lines.set(text, line);
  }
  return line;
};

const toEdits = (app: FastifyInstance, rows: readonly StoredEdit[]): RepertoireEdit[] =>
  rows.flatMap((row) => {
    const line = lineOf(app, row.line);
    return line ? [{ op: row.op, line, comment: row.comment ?? undefined }] : [];
  });

/**
 * `base` with all of `rows` applied, giving the event loop back as it goes: at the bound (5,000 edits,
 * 60,000 added moves) reading the lines and applying them took 300 ms and more (each undo rebuilds).
 */
async function rebuilt(app: FastifyInstance, base: Repertoire, rows: readonly StoredEdit[]): Promise<EditedRepertoire> {
  const turn = new LoopTurn();
  const edits: RepertoireEdit[] = [];
  for (const row of rows) {
    edits.push(...toEdits(app, [row]));
    await turn.yieldIfDue();
  }
  return settleSteps(applyEditsSteps(base, edits), turn);
}

/** md5 of a study text with its line ends as \n, as the studies row keeps it (text_md5). */
export const md5 = (text: string): string =>
  createHash('md5').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('hex');

/** The study's options and the edits' signature, in one query; undefined without a study text. */
export async function readStudyMeta(
  app: FastifyInstance,
  userId: number,
  color: Color,
): Promise<StudyMeta | undefined> {
  const rows = rowsOf<{
    title: string;
    link: string | null;
    exclude: string;
    md5: string | null;
    present: boolean;
    count: number;
    last: number;
    total: string;
    additions: string | null;
  }>(
    // Run on every read of a repertoire (each explorer answer, each drill step): a named statement skips
    // parsing and planning it again each time.
    await app.statements.execute(sql`
      select s.title, s.link, s.exclude_move_indicators as exclude, s.text_md5 as md5,
        s.study_text is not null as present, s.additions_chapter as additions,
        e.count, e.last, e.total
      from studies s, lateral (
        select count(*)::int as count, coalesce(max(id), 0)::int as last, coalesce(sum(id), 0)::text as total
        from repertoire_edits where user_id = s.user_id and color = s.color) e
      where s.user_id = ${userId} and s.color = ${color}`),
  );
  const row = rows[0];
  if (!row?.present) return undefined;
  // A row written before the md5 was kept: read the text once to know it.
  const hash = row.md5 ?? md5((await readStudyText(app, userId, color)) ?? '');
  return {
    title: row.title,
    link: row.link,
    exclude: row.exclude,
    md5: hash,
    signature: `${row.count}:${row.last}:${row.total}`,
    count: row.count,
    lastId: row.last,
    additionsChapter: row.additions,
  };
}

export async function readStudyText(app: FastifyInstance, userId: number, color: Color): Promise<string | undefined> {
  const [row] = await app.db
    .select({ text: studies.studyText })
    .from(studies)
    .where(and(eq(studies.userId, userId), eq(studies.color, color)));
  return row?.text ?? undefined;
}

/** The study's repertoire, with the options storing it used (one repertoire cache entry for all readers). */
export function studyBase(
  app: FastifyInstance,
  text: string,
  color: Color,
  exclude: string,
  title: string,
): Promise<Repertoire> {
  const symbols = parseExcludeSymbols(exclude);
  return app.repertoireCache.repertoireFor(text, {
    color,
    excludeSymbols: symbols.isOk ? symbols.value : [],
    name: title || undefined,
  });
}

const sameStudy = (a: StudyMeta, b: StudyMeta) => a.md5 === b.md5 && a.exclude === b.exclude && a.title === b.title;

/** The base, the edits and the edited repertoire of the colour; undefined when it has no study. */
export async function editedRepertoireState(
  app: FastifyInstance,
  userId: number,
  color: Color,
): Promise<EditedState | undefined> {
  const study = await readStudyMeta(app, userId, color);
  if (!study) return undefined;
  const key = `${userId}:${color}`;
  const states = app.repertoireMemory.editedStates;
  const held = states.get(key);
  if (held && sameStudy(held.study, study)) {
    if (held.study.signature === study.signature) {
      held.study = study;
      return held;
    }
    // The last edit undone: the state before it, not a rebuild of thousands of edits.
    const previous = held.previous;
    if (previous && sameStudy(previous.study, study) && previous.study.signature === study.signature) {
      const state: EditedState = { ...previous, study };
      states.set(key, state);
      return state;
    }
    // Only new edits since: apply them onto the held result.
    const newer = await readEdits(app.db, userId, color, held.study.lastId);
    if (held.edits.length + newer.length === study.count && newer.at(-1)?.id === study.lastId) {
      const edited = await settleSteps(applyEditsSteps(held.base, toEdits(app, newer), held.edited), new LoopTurn());
      countFrom(app, held.edited.rep, edited);
      const before: EditedState = { ...held, previous: undefined };
      const state: EditedState = { ...before, study, edited, edits: [...held.edits, ...newer], previous: before };
      states.set(key, state);
      return state;
    }
  }
  const text = await readStudyText(app, userId, color);
  if (text === undefined) return undefined;
  // A refresh between the two reads: the state says which text it holds, and the next call builds again.
  const hash = md5(text);
  const read = hash === study.md5 ? study : { ...study, md5: hash };
  const base = await studyBase(app, text, color, read.exclude, read.title);
  const edits = await readEdits(app.db, userId, color);
  const state: EditedState = { study: read, base, edited: await rebuilt(app, base, edits), edits, text };
  states.set(key, state);
  return state;
}

/** The player's repertoire of `color` with their edits applied; undefined when the colour has no study. */
export async function editedRepertoire(
  app: FastifyInstance,
  userId: number,
  color: Color,
): Promise<Repertoire | undefined> {
  return (await editedRepertoireState(app, userId, color))?.edited.rep;
}

/**
 * `base` with the colour's edits applied, for a repertoire built from the player's stored study text
 * under other options (a form's own exclusions or name); the held result when the options are the
 * stored ones.
 */
export async function withEdits(
  app: FastifyInstance,
  userId: number,
  color: Color,
  base: Repertoire,
): Promise<Repertoire> {
  const state = await editedRepertoireState(app, userId, color);
  if (!state || state.edits.length === 0) return base;
  if (state.base === base) return state.edited.rep;
  const { reapplied } = app.repertoireMemory;
  const known = reapplied.get(base);
  if (known?.signature === state.study.signature) return known.rep;
  const rep = (await rebuilt(app, base, state.edits)).rep;
  reapplied.set(base, { signature: state.study.signature, rep });
  return rep;
}

/** The count of an edited repertoire from the one it was applied onto, through the positions touched. */
function countFrom(app: FastifyInstance, before: Repertoire, after: EditedRepertoire): void {
  const counted = app.repertoireMemory.positionsWithMoves;
  const known = counted.get(before);
  if (known === undefined) return;
  let n = known;
  for (const key of after.touched) {
    if ((before.positions.get(key)?.moves.length ?? 0) > 0) n--;
    if ((after.rep.positions.get(key)?.moves.length ?? 0) > 0) n++;
  }
  counted.set(after.rep, n);
}

/** Positions of the repertoire that have a repertoire move, counted once per repertoire. */
export function positionsWithMoves(app: FastifyInstance, rep: Repertoire): number {
  const counted = app.repertoireMemory.positionsWithMoves;
  let n = counted.get(rep);
  if (n === undefined) {
    n = 0;
    for (const p of rep.positions.values()) if (p.moves.length > 0) n++;
    counted.set(rep, n);
  }
  return n;
}
