import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { GameReview, Mistake } from '@contract/game-reviews.js';
import type { LearnAttemptRequest, MistakeTraining } from '@contract/mistake-training.js';
import {
  makeMistakeCard,
  mainlineMoves,
  parseGames,
  positionKey,
  sanOf,
  sideToMove,
  type PlayedGame,
} from '../../chess/index.js';
import { bumpCardsVersion } from '../cards/cards-version.js';
import { upsertCards } from '../cards/cards-repository.js';
import { cards, learnAttempts, mistakes } from '../db/schema.js';
import { syncedDeck } from '../drill/drill-sync.js';
import { findReview } from '../game-reviews/game-reviews-repository.js';
import { findAnalysis } from './game-analyses-repository.js';

/**
 * Training from a review's Mistakes: the card made from one (one card per position and side, so a
 * second ask, or the same mistake in another game, answers the card already made), which Mistakes'
 * positions are in the player's repertoire, and the tries of Learn from your mistakes.
 */

/** The card of a position: the same id for the same position and side, whichever game it came from. */
export function mistakeCardId(fen: string, side: 'white' | 'black'): string {
  return `mistake-${createHash('sha1')
    .update(`${positionKey(fen)} ${side}`)
    .digest('hex')
    .slice(0, 24)}`;
}

function readGame(review: GameReview): PlayedGame | undefined {
  const parsed = parseGames(review.pgn);
  return parsed.isOk ? parsed.value[0] : undefined;
}

const heroSide = (review: GameReview) => (review.hero_color === 'White' ? 'white' : 'black');

/** 'alice vs. bob, 2026-01-30' */
function gameTitle(review: GameReview): string {
  const hero = review.username || 'You';
  const opponent = review.opponent_name || '?';
  const players = review.hero_color === 'White' ? `${hero} vs. ${opponent}` : `${opponent} vs. ${hero}`;
  return review.date_time_played ? `${players}, ${review.date_time_played.slice(0, 10)}` : players;
}

/** The position before each move: fens[i] after i half-moves. */
const fensOf = (game: PlayedGame) => [game.startFen, ...mainlineMoves(game).map((m) => m.fen)];

export type MistakeCardOutcome = { card_id: string; created: boolean } | { missing: true } | { error: string };

/** Makes the card of a Mistake, or answers the one made before. */
export async function cardFromMistake(
  app: FastifyInstance,
  userId: number,
  mistakeId: number,
): Promise<MistakeCardOutcome> {
  const [row] = await app.db
    .select({
      reviewId: mistakes.gameReviewId,
      ply: mistakes.ply,
      betterMove: mistakes.betterMove,
      kind: mistakes.kind,
    })
    .from(mistakes)
    .where(and(eq(mistakes.id, mistakeId), eq(mistakes.userId, userId)));
  const review = row && (await findReview(app.db, userId, row.reviewId));
  if (!row || !review) return { missing: true };
  const game = readGame(review);
  const moves = game && mainlineMoves(game);
  if (!game || !moves || row.ply === null || row.ply < 1 || row.ply > moves.length) {
    return { error: 'This mistake has no move of the game to make a card of' };
  }
  const fens = fensOf(game);
  const better = row.betterMove ?? (await engineBest(app, userId, review.id, row.ply - 1, fens[row.ply - 1]));
  if (!better) return { error: 'This mistake has no better move yet: analyse the game first' };
  const card = makeMistakeCard({
    title: gameTitle(review),
    startFen: game.startFen,
    sans: moves.map((m) => m.san),
    ply: row.ply,
    better,
    kind: row.kind,
  });
  if (!card) return { error: `The better move ${better} cannot be played in this position` };
  const id = mistakeCardId(card.promptFen, card.orientation);
  return app.db.transaction(async (tx) => {
    // The player's row lock (the cards version) puts two asks one after the other: the second finds the card.
    await bumpCardsVersion(tx, userId);
    const [existing] = await tx
      .select({ id: cards.id })
      .from(cards)
      .where(and(eq(cards.userId, userId), eq(cards.id, id)));
    if (existing) return { card_id: id, created: false };
    const { promptFen, promptPgn, answerFen, answerPgn, ...texts } = card;
    // The repository stores a card as the cards API carries it.
    const input = {
      id,
      ...texts,
      prompt_fen: promptFen,
      prompt_pgn: promptPgn,
      answer_fen: answerFen,
      answer_pgn: answerPgn,
    };
    await upsertCards(tx, userId, [input], new Date());
    return { card_id: id, created: true };
  });
}

/** SAN of the engine's best move in the stored analysis at `ply`. */
async function engineBest(
  app: FastifyInstance,
  userId: number,
  reviewId: number,
  ply: number,
  fen: string,
): Promise<string | undefined> {
  const analysis = await findAnalysis(app.db, userId, reviewId);
  const best = analysis?.evals.find((e) => e.ply === ply)?.best_uci;
  return best ? sanOf(fen, best) : undefined;
}

/** Each Mistake of the review with a half-move: its card, whether its position is in the repertoire, its tries. */
export async function trainingOf(app: FastifyInstance, userId: number, review: GameReview): Promise<MistakeTraining[]> {
  const game = readGame(review);
  if (!game) return [];
  const fens = fensOf(game);
  const side = heroSide(review);
  const list = review.mistakes.filter(
    (m): m is Mistake & { ply: number } => m.ply !== null && m.ply >= 1 && m.ply < fens.length,
  );
  if (list.length === 0) return [];
  const ids = list.map((m) => mistakeCardId(fens[m.ply - 1], sideToMove(fens[m.ply - 1])));
  const made = new Set(
    (
      await app.db
        .select({ id: cards.id })
        .from(cards)
        .where(and(eq(cards.userId, userId), inArray(cards.id, ids)))
    ).map((r) => r.id),
  );
  const deck = await syncedDeck(app, userId, side);
  const tries = await attemptsByPly(app, userId, review.id);
  return list.map((m, i) => {
    const fen = fens[m.ply - 1];
    const t = tries.get(m.ply);
    return {
      ply: m.ply,
      card_id: made.has(ids[i]) ? ids[i] : null,
      in_repertoire: sideToMove(fen) === side && Boolean(deck?.byKey.has(positionKey(fen))),
      tries: t?.tries ?? 0,
      solved: t?.solved ?? false,
    };
  });
}

async function attemptsByPly(app: FastifyInstance, userId: number, reviewId: number) {
  const rows = await app.db
    .select({
      ply: learnAttempts.ply,
      tries: sql<number>`count(*)::int`,
      solved: sql<boolean>`bool_or(${learnAttempts.solved})`,
    })
    .from(learnAttempts)
    .where(and(eq(learnAttempts.userId, userId), eq(learnAttempts.gameReviewId, reviewId)))
    .groupBy(learnAttempts.ply);
  return new Map(rows.map((r) => [r.ply, { tries: Number(r.tries), solved: Boolean(r.solved) }]));
}

/** Keeps a try; an error text when the half-move is not the player's or the move is not legal there. */
export async function recordAttempt(
  app: FastifyInstance,
  userId: number,
  review: GameReview,
  input: LearnAttemptRequest,
): Promise<{ ply: number; tries: number; solved: boolean } | { error: string }> {
  const game = readGame(review);
  if (!game) return { error: "The review's game cannot be read" };
  const fens = fensOf(game);
  if (input.ply >= fens.length) return { error: `ply ${input.ply} is past the game's end` };
  const fen = fens[input.ply - 1];
  if (sideToMove(fen) !== heroSide(review)) return { error: `ply ${input.ply} is not a move of yours` };
  if (!sanOf(fen, input.uci)) return { error: `${input.uci} is not a legal move in that position` };
  await app.db.insert(learnAttempts).values({
    userId,
    gameReviewId: review.id,
    ply: input.ply,
    uci: input.uci,
    solved: input.solved,
  });
  const t = (await attemptsByPly(app, userId, review.id)).get(input.ply)!;
  return { ply: input.ply, ...t };
}
