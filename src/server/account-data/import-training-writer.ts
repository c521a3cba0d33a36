// Writing the training kinds of an import (see import-writer.ts): the fitted schedule, game analyses,
// tries at mistakes, kept opponent preparations and Woodpecker sets. How each is matched, so a second
// import adds nothing:
//   schedule          only where the account has none fitted
//   analyses, tries   come with new game reviews only, in their batch, as a review's mistakes do
//                     (the review they name by its id in the file gets a new id here)
//   preparations      site + opponent + colour, only where the account keeps none
//   Woodpecker sets   name + time made; a set's positions, cycles and answers come with new sets only
import { and, asc, eq, gt } from 'drizzle-orm';
import { chunks } from '../db/chunks.js';
import type { Db } from '../db/client.js';
import {
  gameAnalyses,
  learnAttempts,
  opponentPreps,
  playerSchedulers,
  woodpeckerAttempts,
  woodpeckerCycles,
  woodpeckerPositions,
  woodpeckerSets,
} from '../db/schema.js';
import type {
  ExportedGameAnalysis,
  ExportedLearnAttempt,
  ExportedOpponentPrep,
  ExportedScheduler,
  ExportedWoodpeckerSet,
} from './export-format.js';
import { KEY_PAGE, readPaged, type Step } from './import-rows.js';

const CHUNK = 100;

export interface TrainingKeys {
  woodpeckerSets: Set<string>;
}

const setKey = (name: string, createdAt: Date | string) =>
  `${typeof createdAt === 'string' ? Date.parse(createdAt) : createdAt.getTime()}|${name}`;

export async function readTrainingKeys(db: Db, userId: number): Promise<TrainingKeys> {
  const keys: TrainingKeys = { woodpeckerSets: new Set() };
  const sets = woodpeckerSets;
  await readPaged(
    (after: number | undefined) =>
      db
        .select({ id: sets.id, name: sets.name, createdAt: sets.createdAt })
        .from(sets)
        .where(and(eq(sets.userId, userId), after === undefined ? undefined : gt(sets.id, after)))
        .orderBy(asc(sets.id))
        .limit(KEY_PAGE),
    (r) => r.id,
    (r) => keys.woodpeckerSets.add(setKey(r.name, r.createdAt)),
  );
  return keys;
}

export async function insertScheduler(
  step: Step,
  userId: number,
  scheduler: ExportedScheduler | undefined,
): Promise<number> {
  if (!scheduler) return 0;
  return step(async (tx) => {
    const rows = await tx
      .insert(playerSchedulers)
      .values({
        userId,
        weights: scheduler.weights,
        reviews: scheduler.reviews,
        actualRecall: scheduler.actual_recall,
        defaultRecall: scheduler.default_recall,
        fittedRecall: scheduler.fitted_recall,
        optimisedAt: new Date(scheduler.optimised_at),
      })
      .onConflictDoNothing()
      .returning({ userId: playerSchedulers.userId });
    return rows.length;
  });
}

/** The file's analyses and tries, by the id in the file of the review they belong to. */
export interface ReviewTraining {
  analyses: ReadonlyMap<number, ExportedGameAnalysis>;
  attempts: ReadonlyMap<number, ExportedLearnAttempt[]>;
}

export function reviewTrainingOf(
  analyses: readonly ExportedGameAnalysis[],
  attempts: readonly ExportedLearnAttempt[],
): ReviewTraining {
  const byReview = new Map<number, ExportedLearnAttempt[]>();
  for (const attempt of attempts) {
    const list = byReview.get(attempt.game_review_id) ?? [];
    list.push(attempt);
    byReview.set(attempt.game_review_id, list);
  }
  return { analyses: new Map(analyses.map((a) => [a.game_review_id, a])), attempts: byReview };
}

/**
 * New reviews' analyses and tries, in the batch that writes the reviews (so a stopped import never
 * leaves a review without them). `reviewIds` maps each review's id in the file to its new id.
 */
export async function insertReviewTraining(
  tx: Db,
  userId: number,
  training: ReviewTraining,
  reviewIds: ReadonlyMap<number, number>,
): Promise<{ game_analyses: number; learn_attempts: number }> {
  const analyses = [...reviewIds].flatMap(([fileId, id]) => {
    const a = training.analyses.get(fileId);
    if (!a) return [];
    return [
      {
        gameReviewId: id,
        userId,
        depth: a.depth,
        evals: a.evals,
        accuracyWhite: a.accuracy_white,
        accuracyBlack: a.accuracy_black,
        acplWhite: a.acpl_white,
        acplBlack: a.acpl_black,
        updatedAt: new Date(a.updated_at),
      },
    ];
  });
  if (analyses.length > 0) await tx.insert(gameAnalyses).values(analyses);
  // In the order they were made, as the file has them.
  const attempts = [...reviewIds]
    .flatMap(([fileId, id]) => (training.attempts.get(fileId) ?? []).map((a) => ({ a, id })))
    .sort((x, y) => x.a.id - y.a.id)
    .map(({ a, id }) => ({
      userId,
      gameReviewId: id,
      ply: a.ply,
      uci: a.uci,
      solved: a.solved,
      createdAt: new Date(a.created_at),
    }));
  for (const part of chunks(attempts, CHUNK)) await tx.insert(learnAttempts).values(part);
  return { game_analyses: analyses.length, learn_attempts: attempts.length };
}

export async function insertPreps(step: Step, userId: number, preps: readonly ExportedOpponentPrep[]): Promise<number> {
  let added = 0;
  // A preparation holds its surprises with their games.
  for (const chunk of chunks(preps, CHUNK / 10)) {
    added += await step(async (tx) => {
      const rows = await tx
        .insert(opponentPreps)
        .values(
          chunk.map((p) => ({
            userId,
            site: p.site,
            username: p.username,
            usernameKey: p.username.toLowerCase(),
            color: p.color,
            games: p.games,
            compared: p.compared,
            result: { surprises: p.surprises, their_lines: p.their_lines },
            createdAt: new Date(p.created_at),
          })),
        )
        .onConflictDoNothing()
        .returning({ id: opponentPreps.id });
      return rows.length;
    });
  }
  return added;
}

/** New sets, each with its positions, cycles and answers in one batch. */
export async function insertWoodpeckerSets(
  step: Step,
  userId: number,
  sets: readonly ExportedWoodpeckerSet[],
  keys: TrainingKeys,
): Promise<{ woodpecker_sets: number; woodpecker_attempts: number }> {
  const fresh = sets.filter((set) => {
    const key = setKey(set.name, set.created_at);
    if (keys.woodpeckerSets.has(key)) return false;
    keys.woodpeckerSets.add(key);
    return true;
  });
  let attempts = 0;
  for (const set of fresh) {
    attempts += await step(async (tx) => {
      const [row] = await tx
        .insert(woodpeckerSets)
        .values({ userId, name: set.name, source: set.source, size: set.size, createdAt: new Date(set.created_at) })
        .returning({ id: woodpeckerSets.id });
      const positionIds = new Map<number, number>();
      for (const part of chunks(set.positions, CHUNK)) {
        const rows = await tx
          .insert(woodpeckerPositions)
          .values(
            part.map((p) => ({
              setId: row.id,
              ordinal: p.ordinal,
              fen: p.fen.trim(),
              answerUci: p.answer_uci,
              answerSan: p.answer_san,
              title: p.title,
              orientation: p.orientation,
            })),
          )
          .returning({ id: woodpeckerPositions.id });
        part.forEach((p, i) => positionIds.set(p.id, rows[i].id));
      }
      for (const part of chunks(set.cycles, CHUNK)) {
        await tx.insert(woodpeckerCycles).values(
          part.map((c) => ({
            setId: row.id,
            cycle: c.cycle,
            targetMs: c.target_ms,
            startedAt: new Date(c.started_at),
            finishedAt: c.finished_at ? new Date(c.finished_at) : null,
          })),
        );
      }
      for (const part of chunks(set.attempts, CHUNK)) {
        await tx.insert(woodpeckerAttempts).values(
          part.map((a) => ({
            setId: row.id,
            cycle: a.cycle,
            positionId: positionIds.get(a.position_id)!,
            uci: a.uci,
            correct: a.correct,
            ms: a.ms,
            createdAt: new Date(a.created_at),
          })),
        );
      }
      return set.attempts.length;
    });
  }
  return { woodpecker_sets: fresh.length, woodpecker_attempts: attempts };
}
