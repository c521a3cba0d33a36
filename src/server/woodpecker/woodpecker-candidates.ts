import { and, desc, eq, isNotNull } from 'drizzle-orm';
import {
  answerBetween,
  answerFromSan,
  moveLabel,
  positionKey,
  type Color,
  type WoodpeckerAnswer,
  type WoodpeckerSource,
} from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { cards, gameReviews, mistakes } from '../db/schema.js';

/** A position a Woodpecker set may hold: where it comes from, the move that solves it. */
export interface WoodpeckerCandidate extends WoodpeckerAnswer {
  fen: string;
  title: string;
  orientation: Color;
}

/** Rows read to find a set's positions: enough for the largest set with room for unusable ones. */
const SCAN_LIMIT = 5_000;

const sideToMove = (fen: string): Color => (fen.split(' ')[1] === 'b' ? 'black' : 'white');

/**
 * The player's positions for a new set, newest first, one per position: their games' mistakes that
 * have a better move (engine-found or marked by hand), or their cards whose answer board is the
 * prompt board one move on.
 */
export async function findCandidates(
  db: Db,
  userId: number,
  source: WoodpeckerSource,
  size: number,
): Promise<WoodpeckerCandidate[]> {
  const found = source === 'mistakes' ? await mistakeCandidates(db, userId) : await cardCandidates(db, userId);
  const seen = new Set<string>();
  const picked: WoodpeckerCandidate[] = [];
  for (const candidate of found) {
    const key = positionKey(candidate.fen);
    if (seen.has(key)) continue;
    seen.add(key);
    picked.push(candidate);
    if (picked.length === size) break;
  }
  return picked;
}

async function mistakeCandidates(db: Db, userId: number): Promise<WoodpeckerCandidate[]> {
  const rows = await db
    .select({
      fen: mistakes.fen,
      move: mistakes.move,
      better: mistakes.betterMove,
      heroColor: gameReviews.heroColor,
      username: gameReviews.username,
      opponent: gameReviews.opponentName,
    })
    .from(mistakes)
    .innerJoin(gameReviews, eq(gameReviews.id, mistakes.gameReviewId))
    .where(and(eq(mistakes.userId, userId), isNotNull(mistakes.fen), isNotNull(mistakes.betterMove)))
    .orderBy(desc(gameReviews.datePlayed), desc(mistakes.id))
    .limit(SCAN_LIMIT);
  return rows.flatMap((row) => {
    const answer = answerFromSan(row.fen!, row.better!);
    if (!answer) return [];
    const [white, black] = row.heroColor === 'White' ? [row.username, row.opponent] : [row.opponent, row.username];
    const [, turn, , , , fullmoves] = row.fen!.split(' ');
    const played = row.move ? ` ${moveLabel(Number(fullmoves) || 1, turn === 'b' ? 'black' : 'white', row.move)}` : '';
    return [{ ...answer, fen: row.fen!, orientation: sideToMove(row.fen!), title: `${white} vs. ${black},${played}` }];
  });
}

async function cardCandidates(db: Db, userId: number): Promise<WoodpeckerCandidate[]> {
  const rows = await db
    .select({ prompt: cards.prompt, promptFen: cards.promptFen, answerFen: cards.answerFen })
    .from(cards)
    .where(eq(cards.userId, userId))
    .orderBy(desc(cards.createdAt), desc(cards.id))
    .limit(SCAN_LIMIT);
  return rows.flatMap((row) => {
    const answer = answerBetween(row.promptFen, row.answerFen);
    if (!answer) return [];
    const title = row.prompt.trim().slice(0, 120) || 'Card';
    return [{ ...answer, fen: row.promptFen, orientation: sideToMove(row.promptFen), title }];
  });
}
