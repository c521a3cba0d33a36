// Writing the repertoire kinds of an import (see import-writer.ts): sources, workshop edits, coverage
// goals and expected scores. How each is matched, so a second import adds nothing:
//   sources          they travel with their colour's study: when the import stores the study (the
//                    account had none, or an older one), the colour's sources become the file's
//   edits            colour + op + line + note + time made; new ones come after the account's own,
//                    in the file's order, each group kept whole (one undo takes it back)
//   coverage goals   by colour, only where the account has set none
//   expected scores  colour + time + score + filters
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Color } from '../../chess/index.js';
import { chunks } from '../db/chunks.js';
import type { Db } from '../db/client.js';
import { expectedScores, repertoireEdits, repertoireGoals, repertoireSources } from '../db/schema.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { MAX_ADDED_PLIES_PER_COLOR, MAX_EDITS_PER_COLOR } from '../repertoire/edits-store.js';
import type { ExportedCoverageGoal, ExportedExpectedScore, ExportedRepertoireSource } from './export-format.js';
import type { LaterDocument } from './import-later-document.js';
import { KEY_PAGE, readPaged, type Step } from './import-rows.js';

const CHUNK = 100;

type Edit = LaterDocument['repertoireEdits'][number];

/** What the account holds of the repertoire kinds matched by key. */
export interface RepertoireKeys {
  edits: Set<string>;
  expectedScores: Set<string>;
  /** The account's edits and the moves its additions add, per colour: the workshop's limits. */
  editCounts: Record<Color, { edits: number; plies: number }>;
}

const time = (date: Date | string) => (typeof date === 'string' ? Date.parse(date) : date.getTime());
const editKey = (e: { color: string; op: string; line: string; comment: string | null }, createdAt: Date | string) =>
  `${e.color}|${e.op}|${e.comment ?? ''}|${time(createdAt)}|${e.line}`;
const expectedKey = (e: { color: string; score: number; speeds: string; ratings: string }, createdAt: Date | string) =>
  `${e.color}|${time(createdAt)}|${e.score}|${e.speeds}|${e.ratings}`;

export async function readRepertoireKeys(db: Db, userId: number): Promise<RepertoireKeys> {
  const keys: RepertoireKeys = {
    edits: new Set(),
    expectedScores: new Set(),
    editCounts: { white: { edits: 0, plies: 0 }, black: { edits: 0, plies: 0 } },
  };
  const edits = repertoireEdits;
  await readPaged(
    (after: number | undefined) =>
      db
        .select({
          id: edits.id,
          color: edits.color,
          op: edits.op,
          line: edits.line,
          comment: edits.comment,
          plies: edits.plies,
          createdAt: edits.createdAt,
        })
        .from(edits)
        .where(and(eq(edits.userId, userId), after === undefined ? undefined : gt(edits.id, after)))
        .orderBy(asc(edits.id))
        .limit(KEY_PAGE),
    (r) => r.id,
    (r) => {
      keys.edits.add(editKey(r, r.createdAt));
      keys.editCounts[r.color].edits += 1;
      keys.editCounts[r.color].plies += r.plies;
    },
  );
  const scores = expectedScores;
  await readPaged(
    (after: number | undefined) =>
      db
        .select({
          id: scores.id,
          color: scores.color,
          score: scores.score,
          speeds: scores.speeds,
          ratings: scores.ratings,
          createdAt: scores.createdAt,
        })
        .from(scores)
        .where(and(eq(scores.userId, userId), after === undefined ? undefined : gt(scores.id, after)))
        .orderBy(asc(scores.id))
        .limit(KEY_PAGE),
    (r) => r.id,
    (r) => keys.expectedScores.add(expectedKey(r, r.createdAt)),
  );
  return keys;
}

/**
 * The file's edits the account lacks, each group as one unit at the place of its first edit. A 400
 * naming the first edit past the workshop's limits when, with the account's own, a colour would pass
 * them; checked before anything is written.
 */
export function planEdits(edits: readonly Edit[], keys: RepertoireKeys): Edit[][] {
  const units: Edit[][] = [];
  const groups = new Map<number, Edit[]>();
  const counts = { white: { ...keys.editCounts.white }, black: { ...keys.editCounts.black } };
  for (const [index, edit] of edits.entries()) {
    const key = editKey(edit, edit.created_at);
    if (keys.edits.has(key)) continue;
    keys.edits.add(key);
    const count = counts[edit.color];
    count.edits += 1;
    count.plies += edit.plies;
    const past =
      count.edits > MAX_EDITS_PER_COLOR
        ? `your ${edit.color} repertoire would pass ${MAX_EDITS_PER_COLOR.toLocaleString('en-US')} edits, the most it keeps`
        : edit.plies > 0 && count.plies > MAX_ADDED_PLIES_PER_COLOR
          ? `your ${edit.color} edits would add more than ${MAX_ADDED_PLIES_PER_COLOR.toLocaleString('en-US')} moves`
          : undefined;
    if (past) throw new BadRequestError(`Bad row repertoire_edits[${index}] (id ${edit.id}): ${past}`);
    if (edit.group_id === null) {
      units.push([edit]);
      continue;
    }
    let unit = groups.get(edit.group_id);
    if (!unit) {
      unit = [];
      groups.set(edit.group_id, unit);
      units.push(unit);
    }
    unit.push(edit);
  }
  return units;
}

/** Edits after the account's own, a group never split between two batches; answers how many. */
export async function insertEdits(step: Step, userId: number, units: readonly Edit[][]): Promise<number> {
  const batches: Edit[][][] = [];
  let size = CHUNK;
  for (const unit of units) {
    if (size + unit.length > CHUNK) {
      batches.push([]);
      size = 0;
    }
    batches.at(-1)!.push(unit);
    size += unit.length;
  }
  let added = 0;
  for (const batch of batches) {
    added += await step(async (tx) => {
      const edits = batch.flat();
      // PostgreSQL returns the rows of one VALUES list in its order.
      const rows = await tx
        .insert(repertoireEdits)
        .values(
          edits.map((edit) => ({
            userId,
            color: edit.color,
            op: edit.op,
            line: edit.line,
            san: edit.san,
            anchored: edit.anchored,
            comment: edit.comment,
            plies: edit.plies,
            pushed: edit.pushed,
            createdAt: new Date(edit.created_at),
          })),
        )
        .returning({ id: repertoireEdits.id });
      let at = 0;
      for (const unit of batch) {
        const ids = rows.slice(at, at + unit.length).map((r) => r.id);
        at += unit.length;
        if (unit[0].group_id === null) continue;
        await tx.update(repertoireEdits).set({ groupId: ids[0] }).where(inArray(repertoireEdits.id, ids));
      }
      return rows.length;
    });
  }
  return added;
}

/**
 * The colour's sources become the file's, inside the statement batch that stored the colour's study
 * (which holds their union). Answers how many were stored.
 */
export async function replaceSources(
  tx: Db,
  userId: number,
  color: Color,
  sources: readonly ExportedRepertoireSource[],
): Promise<number> {
  await tx
    .delete(repertoireSources)
    .where(and(eq(repertoireSources.userId, userId), eq(repertoireSources.color, color)));
  let stored = 0;
  // One a statement: a source's text runs to 5 MB.
  for (const source of sources) {
    if (source.color !== color) continue;
    await tx.insert(repertoireSources).values({
      userId,
      color,
      ordinal: source.ordinal,
      name: source.name,
      kind: source.kind,
      link: source.link || null,
      studyText: source.study_text,
      exclusions: source.exclusions,
      enabled: source.enabled,
      positions: source.positions,
      createdAt: new Date(source.created_at),
      updatedAt: new Date(source.updated_at),
    });
    stored += 1;
  }
  return stored;
}

/** Goals of colours the account has set none for. */
export async function insertGoals(step: Step, userId: number, goals: readonly ExportedCoverageGoal[]): Promise<number> {
  if (goals.length === 0) return 0;
  return step(async (tx) => {
    const rows = await tx
      .insert(repertoireGoals)
      .values(goals.map((g) => ({ userId, color: g.color, goal: g.goal, updatedAt: new Date(g.updated_at) })))
      .onConflictDoNothing()
      .returning({ color: repertoireGoals.color });
    return rows.length;
  });
}

export async function insertExpectedScores(
  step: Step,
  userId: number,
  scores: readonly ExportedExpectedScore[],
  keys: RepertoireKeys,
): Promise<number> {
  const fresh = scores.filter((s) => {
    const key = expectedKey(s, s.created_at);
    if (keys.expectedScores.has(key)) return false;
    keys.expectedScores.add(key);
    return true;
  });
  for (const chunk of chunks(fresh, CHUNK)) {
    await step((tx) =>
      tx.insert(expectedScores).values(
        chunk.map((s) => ({
          userId,
          color: s.color,
          score: s.score,
          baseline: s.baseline,
          coveredReach: s.covered_reach,
          speeds: s.speeds,
          ratings: s.ratings,
          createdAt: new Date(s.created_at),
        })),
      ),
    );
  }
  return fresh.length;
}
