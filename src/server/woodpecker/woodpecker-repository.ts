import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { WoodpeckerCycle, WoodpeckerSet, WoodpeckerSetSummary } from '@contract/woodpecker.js';
import { cycleTarget, summarizeCycle, type WoodpeckerSource } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { woodpeckerAttempts, woodpeckerCycles, woodpeckerPositions, woodpeckerSets } from '../db/schema.js';
import type { WoodpeckerCandidate } from './woodpecker-candidates.js';

/** Woodpecker sets, their positions, cycles and attempts: a set never changes once made. */

type SetRow = typeof woodpeckerSets.$inferSelect;
type CycleRow = typeof woodpeckerCycles.$inferSelect;
type AttemptRow = Pick<typeof woodpeckerAttempts.$inferSelect, 'cycle' | 'positionId' | 'correct' | 'ms'>;

export async function createSet(
  db: Db,
  userId: number,
  input: { name: string; source: WoodpeckerSource; positions: readonly WoodpeckerCandidate[] },
): Promise<number> {
  return db.transaction(async (tx) => {
    const [set] = await tx
      .insert(woodpeckerSets)
      .values({ userId, name: input.name, source: input.source, size: input.positions.length })
      .returning({ id: woodpeckerSets.id });
    await tx.insert(woodpeckerPositions).values(
      input.positions.map((p, ordinal) => ({
        setId: set.id,
        ordinal,
        fen: p.fen,
        answerUci: p.uci,
        answerSan: p.san,
        title: p.title,
        orientation: p.orientation,
      })),
    );
    await tx.insert(woodpeckerCycles).values({ setId: set.id, cycle: 1, targetMs: null });
    return set.id;
  });
}

export async function listSets(db: Db, userId: number): Promise<WoodpeckerSetSummary[]> {
  const sets = await db
    .select()
    .from(woodpeckerSets)
    .where(eq(woodpeckerSets.userId, userId))
    .orderBy(desc(woodpeckerSets.id))
    .limit(200);
  if (sets.length === 0) return [];
  const ids = sets.map((s) => s.id);
  const [cycles, attempts] = await Promise.all([
    db.select().from(woodpeckerCycles).where(inArray(woodpeckerCycles.setId, ids)).orderBy(asc(woodpeckerCycles.cycle)),
    db
      .select({
        setId: woodpeckerAttempts.setId,
        cycle: woodpeckerAttempts.cycle,
        positionId: woodpeckerAttempts.positionId,
        correct: woodpeckerAttempts.correct,
        ms: woodpeckerAttempts.ms,
      })
      .from(woodpeckerAttempts)
      .where(inArray(woodpeckerAttempts.setId, ids)),
  ]);
  return sets.map((set) => {
    const own = cycleSummaries(
      set,
      cycles.filter((c) => c.setId === set.id),
      attempts.filter((a) => a.setId === set.id),
    );
    return summaryOf(set, own);
  });
}

/** One set with its positions and cycles; undefined when it is not the player's. */
export async function readSet(db: Db, userId: number, setId: number): Promise<WoodpeckerSet | undefined> {
  const [set] = await db
    .select()
    .from(woodpeckerSets)
    .where(and(eq(woodpeckerSets.id, setId), eq(woodpeckerSets.userId, userId)));
  if (!set) return undefined;
  const [positions, cycles, attempts] = await Promise.all([
    db
      .select()
      .from(woodpeckerPositions)
      .where(eq(woodpeckerPositions.setId, setId))
      .orderBy(asc(woodpeckerPositions.ordinal)),
    db.select().from(woodpeckerCycles).where(eq(woodpeckerCycles.setId, setId)).orderBy(asc(woodpeckerCycles.cycle)),
    db
      .select({
        cycle: woodpeckerAttempts.cycle,
        positionId: woodpeckerAttempts.positionId,
        correct: woodpeckerAttempts.correct,
        ms: woodpeckerAttempts.ms,
      })
      .from(woodpeckerAttempts)
      .where(eq(woodpeckerAttempts.setId, setId)),
  ]);
  const summaries = cycleSummaries(set, cycles, attempts);
  const current = summaries[summaries.length - 1];
  const solved = new Set(attempts.filter((a) => a.cycle === current.cycle).map((a) => a.positionId));
  const next = positions.find((p) => !solved.has(p.id));
  return {
    ...summaryOf(set, summaries),
    cycles: summaries,
    positions: positions.map((p) => ({
      id: p.id,
      fen: p.fen,
      title: p.title,
      orientation: p.orientation,
      solved: solved.has(p.id),
      answer_san: solved.has(p.id) ? p.answerSan : null,
    })),
    next_position_id: next?.id ?? null,
  };
}

export type AttemptOutcome =
  | { kind: 'recorded'; correct: boolean; answerUci: string; answerSan: string }
  | { kind: 'missing-set' }
  | { kind: 'missing-position' }
  | { kind: 'answered' }
  | { kind: 'illegal'; message: string };

/**
 * Records a position's answer in the set's current cycle (the first answer only) and, when that
 * completes the cycle, closes it and opens the next with half the target. The set's row is locked,
 * so two answers at once cannot both close a cycle.
 */
export async function recordAttempt(
  db: Db,
  userId: number,
  setId: number,
  input: { positionId: number; uci: string; ms: number },
  grade: (fen: string, answer: { uci: string; san: string }) => { correct: boolean } | { error: string },
): Promise<AttemptOutcome> {
  return db.transaction(async (tx) => {
    const [set] = await tx
      .select()
      .from(woodpeckerSets)
      .where(and(eq(woodpeckerSets.id, setId), eq(woodpeckerSets.userId, userId)))
      .for('update');
    if (!set) return { kind: 'missing-set' };
    const [position] = await tx
      .select()
      .from(woodpeckerPositions)
      .where(and(eq(woodpeckerPositions.id, input.positionId), eq(woodpeckerPositions.setId, setId)));
    if (!position) return { kind: 'missing-position' };
    const graded = grade(position.fen, { uci: position.answerUci, san: position.answerSan });
    if ('error' in graded) return { kind: 'illegal', message: graded.error };
    const [current] = await tx
      .select()
      .from(woodpeckerCycles)
      .where(eq(woodpeckerCycles.setId, setId))
      .orderBy(desc(woodpeckerCycles.cycle))
      .limit(1);
    const inserted = await tx
      .insert(woodpeckerAttempts)
      .values({
        setId,
        cycle: current.cycle,
        positionId: position.id,
        uci: input.uci,
        correct: graded.correct,
        ms: input.ms,
      })
      .onConflictDoNothing()
      .returning({ id: woodpeckerAttempts.id });
    if (inserted.length === 0) return { kind: 'answered' };
    const attempts = await tx
      .select({
        cycle: woodpeckerAttempts.cycle,
        positionId: woodpeckerAttempts.positionId,
        correct: woodpeckerAttempts.correct,
        ms: woodpeckerAttempts.ms,
      })
      .from(woodpeckerAttempts)
      .where(and(eq(woodpeckerAttempts.setId, setId), eq(woodpeckerAttempts.cycle, current.cycle)));
    const summary = summarizeCycle(attempts, set.size);
    if (summary.complete) {
      await tx
        .update(woodpeckerCycles)
        .set({ finishedAt: sql`now()` })
        .where(and(eq(woodpeckerCycles.setId, setId), eq(woodpeckerCycles.cycle, current.cycle)));
      const targetMs = cycleTarget({ targetMs: current.targetMs, timeMs: summary.timeMs }, set.size);
      await tx.insert(woodpeckerCycles).values({ setId, cycle: current.cycle + 1, targetMs });
    }
    return { kind: 'recorded', correct: graded.correct, answerUci: position.answerUci, answerSan: position.answerSan };
  });
}

export async function deleteSet(db: Db, userId: number, setId: number): Promise<boolean> {
  const deleted = await db
    .delete(woodpeckerSets)
    .where(and(eq(woodpeckerSets.id, setId), eq(woodpeckerSets.userId, userId)))
    .returning({ id: woodpeckerSets.id });
  return deleted.length > 0;
}

function cycleSummaries(set: SetRow, cycles: readonly CycleRow[], attempts: readonly AttemptRow[]): WoodpeckerCycle[] {
  return cycles.map((cycle) => {
    const summary = summarizeCycle(
      attempts.filter((a) => a.cycle === cycle.cycle),
      set.size,
    );
    return {
      cycle: cycle.cycle,
      target_ms: cycle.targetMs,
      attempted: summary.attempted,
      correct: summary.correct,
      time_ms: summary.timeMs,
      complete: summary.complete,
      started_at: cycle.startedAt.toISOString(),
      finished_at: cycle.finishedAt?.toISOString() ?? null,
    };
  });
}

function summaryOf(set: SetRow, cycles: readonly WoodpeckerCycle[]): WoodpeckerSetSummary {
  const current = cycles[cycles.length - 1];
  const last = [...cycles.slice(0, -1)].reverse().find((c) => c.complete) ?? null;
  return {
    id: set.id,
    name: set.name,
    source: set.source,
    size: set.size,
    created_at: set.createdAt.toISOString(),
    current,
    last,
  };
}
