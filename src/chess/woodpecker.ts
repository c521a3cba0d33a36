/**
 * Woodpecker Method cycles: one fixed set of positions solved again and again, each cycle against a
 * target time half the last, so the patterns become reflexes. Kept apart from the FSRS schedule.
 *
 *   cycleTarget(undefined)                                   -> null (the first cycle sets the pace)
 *   cycleTarget({ targetMs: null, timeMs: 600_000 })          -> 300_000
 *   cycleTarget({ targetMs: 300_000, timeMs: 420_000 })       -> 150_000
 */
import { Chess, normalizeMove } from 'chessops/chess';
import { makeFen } from 'chessops/fen';
import { makeSan, parseSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import { positionFromFen } from './position-from-fen.js';

export const WOODPECKER_SOURCES = ['mistakes', 'cards'] as const;
export type WoodpeckerSource = (typeof WOODPECKER_SOURCES)[number];

/** A target below this is no longer a useful goal: a cycle's target never halves under it. */
export const MIN_TARGET_MS_PER_POSITION = 5_000;

/** One solving attempt of a cycle: only a position's first attempt in a cycle counts. */
export interface WoodpeckerAttempt {
  positionId: number;
  correct: boolean;
  /** Thinking time, in milliseconds. */
  ms: number;
}

export interface CycleSummary {
  /** Positions of the set attempted in this cycle. */
  attempted: number;
  correct: number;
  /** Sum of the counted attempts' thinking time, in milliseconds. */
  timeMs: number;
  /** Every position of the set attempted. */
  complete: boolean;
}

/** What a cycle shows: its counted attempts (a position's first), whether the set is done. */
export function summarizeCycle(attempts: readonly WoodpeckerAttempt[], size: number): CycleSummary {
  const seen = new Set<number>();
  let correct = 0;
  let timeMs = 0;
  for (const attempt of attempts) {
    if (seen.has(attempt.positionId)) continue;
    seen.add(attempt.positionId);
    if (attempt.correct) correct += 1;
    timeMs += attempt.ms;
  }
  return { attempted: seen.size, correct, timeMs, complete: size > 0 && seen.size >= size };
}

/**
 * The target of the next cycle: half the last cycle's target, the first cycle's own time standing in
 * for its target (it has none); never under MIN_TARGET_MS_PER_POSITION a position.
 */
export function cycleTarget(
  previous: { targetMs: number | null; timeMs: number } | undefined,
  size = 1,
): number | null {
  if (!previous) return null;
  const half = Math.round((previous.targetMs ?? previous.timeMs) / 2);
  return Math.max(half, MIN_TARGET_MS_PER_POSITION * Math.max(1, size));
}

/** How a cycle compares with the last complete one: faster or not, and the change in right answers. */
export function compareCycles(
  current: CycleSummary,
  last: CycleSummary | undefined,
): { faster: boolean | null; scoreChange: number | null } {
  if (!last || !last.complete) return { faster: null, scoreChange: null };
  return { faster: current.timeMs < last.timeMs, scoreChange: current.correct - last.correct };
}

export interface WoodpeckerAnswer {
  uci: string;
  san: string;
}

/** The move a SAN names at `fen` (UCI and SAN as written by chessops); undefined when it is not legal there. */
export function answerFromSan(fen: string, san: string): WoodpeckerAnswer | undefined {
  const pos = positionFromFen(fen);
  if (!pos) return undefined;
  const move = parseSan(pos, san.trim());
  if (!move) return undefined;
  return { uci: makeUci(move), san: makeSan(pos, move) };
}

/**
 * The one legal move that turns the position `fromFen` into `toFen` (a card whose answer board is the
 * prompt board one move on); undefined when no single move does. Move counters are not compared.
 */
export function answerBetween(fromFen: string, toFen: string): WoodpeckerAnswer | undefined {
  const from = positionFromFen(fromFen);
  const to = positionFromFen(toFen);
  if (!from || !to) return undefined;
  const target = boardKey(to);
  for (const [square, dests] of from.allDests()) {
    for (const dest of dests) {
      const role = from.board.getRole(square);
      const promotes = role === 'pawn' && (dest >> 3 === 7 || dest >> 3 === 0);
      for (const promotion of promotes ? (['queen', 'rook', 'bishop', 'knight'] as const) : [undefined]) {
        const move = normalizeMove(from, { from: square, to: dest, ...(promotion ? { promotion } : {}) });
        const after = from.clone();
        after.play(move);
        if (boardKey(after) === target) return { uci: makeUci(move), san: makeSan(from, move) };
      }
    }
  }
  return undefined;
}

const boardKey = (pos: Chess): string => makeFen(pos.toSetup()).split(' ').slice(0, 4).join(' ');
