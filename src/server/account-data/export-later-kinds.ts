// The kinds the export document gained after its first version (src/contract/account-data-rows.ts
// holds their schemas): written after uploaded_stats, page by page as the first kinds are. Rows that
// others name carry their id on this server (a review's analysis names the review, an edit its group's
// first edit, an attempt its position): the import maps those ids to the rows it makes.
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  expectedScores,
  gameAnalyses,
  learnAttempts,
  opponentPreps,
  playerSchedulers,
  repertoireEdits,
  repertoireGoals,
  repertoireSources,
  woodpeckerAttempts,
  woodpeckerCycles,
  woodpeckerPositions,
  woodpeckerSets,
} from '../db/schema.js';
import type {
  ExportedGameAnalysis,
  ExportedOpponentPrep,
  ExportedRepertoireEdit,
  ExportedRepertoireSource,
  ExportedScheduler,
  ExportedWoodpeckerSet,
} from '@contract/account-data-rows.js';
import { list, PAGE } from './export-pages.js';
import { prepOfRow } from '../opponent-prep/prep-store.js';

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/** Sources hold texts of up to 5 MB each: a few a page. */
const SOURCE_PAGE = 2;
/** A set comes with its positions, cycles and answers. */
const SET_PAGE = 5;
/** A kept preparation holds its surprises with their games. */
const PREP_PAGE = 50;

function toExportedSource(row: typeof repertoireSources.$inferSelect): ExportedRepertoireSource {
  return {
    id: row.id,
    color: row.color,
    ordinal: row.ordinal,
    name: row.name,
    kind: row.kind,
    link: row.link,
    study_text: row.studyText,
    exclusions: row.exclusions,
    enabled: row.enabled,
    positions: row.positions,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

function toExportedEdit(row: typeof repertoireEdits.$inferSelect): ExportedRepertoireEdit {
  return {
    id: row.id,
    color: row.color,
    op: row.op,
    line: row.line,
    san: row.san,
    anchored: row.anchored,
    comment: row.comment,
    plies: row.plies,
    pushed: row.pushed,
    created_at: iso(row.createdAt),
    group_id: row.groupId,
  };
}

function toExportedScheduler(row: typeof playerSchedulers.$inferSelect): ExportedScheduler {
  return {
    weights: row.weights as number[],
    reviews: row.reviews,
    actual_recall: row.actualRecall,
    default_recall: row.defaultRecall,
    fitted_recall: row.fittedRecall,
    optimised_at: iso(row.optimisedAt),
  };
}

function toExportedAnalysis(row: typeof gameAnalyses.$inferSelect): ExportedGameAnalysis {
  return {
    game_review_id: row.gameReviewId,
    depth: row.depth,
    evals: row.evals as ExportedGameAnalysis['evals'],
    accuracy_white: row.accuracyWhite,
    accuracy_black: row.accuracyBlack,
    acpl_white: row.acplWhite,
    acpl_black: row.acplBlack,
    updated_at: iso(row.updatedAt),
  };
}

function toExportedWoodpeckerSet(
  set: typeof woodpeckerSets.$inferSelect,
  positions: (typeof woodpeckerPositions.$inferSelect)[],
  cycles: (typeof woodpeckerCycles.$inferSelect)[],
  attempts: (typeof woodpeckerAttempts.$inferSelect)[],
): ExportedWoodpeckerSet {
  return {
    id: set.id,
    name: set.name,
    source: set.source,
    size: set.size,
    created_at: iso(set.createdAt),
    positions: positions.map((p) => ({
      id: p.id,
      ordinal: p.ordinal,
      fen: p.fen,
      answer_uci: p.answerUci,
      answer_san: p.answerSan,
      title: p.title,
      orientation: p.orientation,
    })),
    cycles: cycles.map((c) => ({
      cycle: c.cycle,
      target_ms: c.targetMs,
      started_at: iso(c.startedAt),
      finished_at: isoOrNull(c.finishedAt),
    })),
    attempts: attempts.map((a) => ({
      id: a.id,
      cycle: a.cycle,
      position_id: a.positionId,
      uci: a.uci,
      correct: a.correct,
      ms: a.ms,
      created_at: iso(a.createdAt),
    })),
  };
}

/** `,"repertoire_sources":[...],...` up to woodpecker_sets: the later kinds of the player's export. */
export async function* laterKindChunks(db: Db, userId: number): AsyncGenerator<string> {
  yield* list('repertoire_sources', async (after) => {
    const rows = await db
      .select()
      .from(repertoireSources)
      .where(and(eq(repertoireSources.userId, userId), gt(repertoireSources.id, after)))
      .orderBy(asc(repertoireSources.id))
      .limit(SOURCE_PAGE);
    return rows.map((row) => ({ key: row.id, value: toExportedSource(row) }));
  });

  // In id order: the order the workshop applies them in.
  yield* list('repertoire_edits', async (after) => {
    const rows = await db
      .select()
      .from(repertoireEdits)
      .where(and(eq(repertoireEdits.userId, userId), gt(repertoireEdits.id, after)))
      .orderBy(asc(repertoireEdits.id))
      .limit(PAGE);
    return rows.map((row) => ({ key: row.id, value: toExportedEdit(row) }));
  });

  // One row a colour at most.
  const goals = await db.select().from(repertoireGoals).where(eq(repertoireGoals.userId, userId));
  const goalRows = goals.map((g) => ({ color: g.color, goal: g.goal, updated_at: iso(g.updatedAt) }));
  yield `,"coverage_goals":${JSON.stringify(goalRows)}`;

  yield* list('expected_scores', async (after) => {
    const rows = await db
      .select()
      .from(expectedScores)
      .where(and(eq(expectedScores.userId, userId), gt(expectedScores.id, after)))
      .orderBy(asc(expectedScores.id))
      .limit(PAGE);
    return rows.map((row) => ({
      key: row.id,
      value: {
        id: row.id,
        color: row.color,
        score: row.score,
        baseline: row.baseline,
        covered_reach: row.coveredReach,
        speeds: row.speeds,
        ratings: row.ratings,
        created_at: iso(row.createdAt),
      },
    }));
  });

  const [scheduler] = await db.select().from(playerSchedulers).where(eq(playerSchedulers.userId, userId));
  yield `,"scheduler":${JSON.stringify(scheduler ? toExportedScheduler(scheduler) : null)}`;

  yield* list('game_analyses', async (after) => {
    const rows = await db
      .select()
      .from(gameAnalyses)
      .where(and(eq(gameAnalyses.userId, userId), gt(gameAnalyses.gameReviewId, after)))
      .orderBy(asc(gameAnalyses.gameReviewId))
      .limit(PAGE);
    return rows.map((row) => ({ key: row.gameReviewId, value: toExportedAnalysis(row) }));
  });

  yield* list('learn_attempts', async (after) => {
    const rows = await db
      .select()
      .from(learnAttempts)
      .where(and(eq(learnAttempts.userId, userId), gt(learnAttempts.id, after)))
      .orderBy(asc(learnAttempts.id))
      .limit(PAGE);
    return rows.map((row) => ({
      key: row.id,
      value: {
        id: row.id,
        game_review_id: row.gameReviewId,
        ply: row.ply,
        uci: row.uci,
        solved: row.solved,
        created_at: iso(row.createdAt),
      },
    }));
  });

  yield* list('opponent_preps', async (after) => {
    const rows = await db
      .select()
      .from(opponentPreps)
      .where(and(eq(opponentPreps.userId, userId), gt(opponentPreps.id, after)))
      .orderBy(asc(opponentPreps.id))
      .limit(PREP_PAGE);
    return rows.map((row) => ({ key: row.id, value: prepOfRow(row) satisfies ExportedOpponentPrep }));
  });

  yield* list('woodpecker_sets', async (after) => {
    const sets = await db
      .select()
      .from(woodpeckerSets)
      .where(and(eq(woodpeckerSets.userId, userId), gt(woodpeckerSets.id, after)))
      .orderBy(asc(woodpeckerSets.id))
      .limit(SET_PAGE);
    if (sets.length === 0) return [];
    const ids = sets.map((s) => s.id);
    const positions = await db
      .select()
      .from(woodpeckerPositions)
      .where(inArray(woodpeckerPositions.setId, ids))
      .orderBy(asc(woodpeckerPositions.ordinal));
    const cycles = await db
      .select()
      .from(woodpeckerCycles)
      .where(inArray(woodpeckerCycles.setId, ids))
      .orderBy(asc(woodpeckerCycles.cycle));
    const attempts = await db
      .select()
      .from(woodpeckerAttempts)
      .where(inArray(woodpeckerAttempts.setId, ids))
      .orderBy(asc(woodpeckerAttempts.id));
    return sets.map((set) => ({
      key: set.id,
      value: toExportedWoodpeckerSet(
        set,
        positions.filter((p) => p.setId === set.id),
        cycles.filter((c) => c.setId === set.id),
        attempts.filter((a) => a.setId === set.id),
      ),
    }));
  });
}
