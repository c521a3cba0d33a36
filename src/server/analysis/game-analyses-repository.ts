import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { gameAnalyses, gameReviews, mistakes } from '../db/schema.js';
import type { EngineMistake, GameFigures } from '../../chess/index.js';
import type { PlyEval } from '@contract/engine.js';
import { toMistake } from '../game-reviews/game-reviews-repository.js';
import type { Mistake } from '@contract/game-reviews.js';

/**
 * The SQL of game_analyses: a review's stored engine analysis and the Mistakes made from it. Storing replaces the analysis and
 * every engine-made Mistake of the review at once; a hand-marked Mistake (kind null) stays and keeps
 * its ply to itself.
 */

export interface AnalysisRow extends GameFigures {
  depth: number;
  evals: PlyEval[];
  updated_at: string;
}

export async function findAnalysis(db: Db, userId: number, reviewId: number): Promise<AnalysisRow | null> {
  const [row] = await db
    .select()
    .from(gameAnalyses)
    .where(and(eq(gameAnalyses.gameReviewId, reviewId), eq(gameAnalyses.userId, userId)));
  if (!row) return null;
  return {
    depth: row.depth,
    evals: row.evals as PlyEval[],
    updated_at: row.updatedAt.toISOString(),
    accuracy: { white: row.accuracyWhite, black: row.accuracyBlack },
    acpl: { white: row.acplWhite, black: row.acplBlack },
  };
}

/** Stores the analysis, its figures and its Mistakes; undefined when the review is not the player's. */
export async function storeAnalysis(
  db: Db,
  userId: number,
  reviewId: number,
  depth: number,
  evals: readonly PlyEval[],
  found: readonly EngineMistake[],
  figures: GameFigures,
): Promise<Mistake[] | undefined> {
  return db.transaction(async (tx) => {
    // The review's row lock puts two analyses of one game one after the other.
    const [review] = await tx
      .select({ id: gameReviews.id })
      .from(gameReviews)
      .where(and(eq(gameReviews.id, reviewId), eq(gameReviews.userId, userId)))
      .for('update');
    if (!review) return undefined;
    const values = {
      userId,
      depth,
      evals: [...evals],
      updatedAt: new Date(),
      accuracyWhite: figures.accuracy.white,
      accuracyBlack: figures.accuracy.black,
      acplWhite: figures.acpl.white,
      acplBlack: figures.acpl.black,
    };
    await tx
      .insert(gameAnalyses)
      .values({ gameReviewId: reviewId, ...values })
      .onConflictDoUpdate({ target: gameAnalyses.gameReviewId, set: values });
    await tx.delete(mistakes).where(and(eq(mistakes.gameReviewId, reviewId), isNotNull(mistakes.kind)));
    const handMarked = await tx
      .select({ ply: mistakes.ply })
      .from(mistakes)
      .where(and(eq(mistakes.gameReviewId, reviewId), isNull(mistakes.kind)));
    const taken = new Set(handMarked.map((m) => m.ply));
    const rows = found
      .filter((m) => !taken.has(m.ply))
      .map((m) => ({
        gameReviewId: reviewId,
        userId,
        ply: m.ply,
        fen: m.fenBefore,
        move: m.san,
        betterMove: m.better ?? null,
        kind: m.kind,
        notes: '',
      }));
    if (rows.length) await tx.insert(mistakes).values(rows);
    return (
      await tx
        .select()
        .from(mistakes)
        .where(and(eq(mistakes.gameReviewId, reviewId), eq(mistakes.userId, userId)))
        .orderBy(mistakes.ply, mistakes.id)
    ).map(toMistake);
  });
}

/** Ids of the player's reviews with no stored analysis, newest played first, and how many have one. */
export async function pendingReviews(db: Db, userId: number): Promise<{ ids: number[]; analysed: number }> {
  const rows = await db
    .select({ id: gameReviews.id, analysed: sql<boolean>`${gameAnalyses.gameReviewId} is not null` })
    .from(gameReviews)
    .leftJoin(gameAnalyses, eq(gameAnalyses.gameReviewId, gameReviews.id))
    .where(eq(gameReviews.userId, userId))
    .orderBy(sql`${gameReviews.datePlayed} desc nulls last`, desc(gameReviews.id));
  return { ids: rows.filter((r) => !r.analysed).map((r) => r.id), analysed: rows.filter((r) => r.analysed).length };
}
