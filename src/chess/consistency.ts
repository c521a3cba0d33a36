/**
 * Consistency check: every position, with the player to move, where the chapters give more
 * than one move. Each move lists its chapters with the chapter's line up to that move.
 *
 *   checkConsistency(rep).results
 *   -> 'Consistency Results for: My Sicilian\n\nMove 3, White to move after 1. e4 c5 2. Nf3 d6\n  d4: ...'
 */
import { chapterLine } from './chapter-lines.js';
import { inReportOrder, itemsWhere, runSteps } from './order.js';
import { INITIAL_FEN } from 'chessops/fen';
import { makeLinePgn, makeLinePgnWithSetup } from './pgn-write.js';
import {
  lineSans,
  linePgn,
  type Color,
  type Repertoire,
  type RepertoireMove,
  type RepertoirePosition,
} from './repertoire.js';

export const NO_INCONSISTENCIES = 'No inconsistencies found';
export const CONSISTENCY_PREFIX = 'Consistency Results for: ';

export interface ConsistencyChapter {
  name: string;
  /** The chapter's line from its start up to and including the move. */
  pgn: string;
}

export interface ConsistencyMove {
  san: string;
  uci: string;
  chapters: ConsistencyChapter[];
}

export interface ConsistencyPosition {
  fen: string;
  turn: Color;
  moveNumber: number;
  /** A line (movetext) that reaches the position. */
  line: string;
  moves: ConsistencyMove[];
}

export interface ConsistencyResult {
  positions: ConsistencyPosition[];
  /** Text report, prefixed 'Consistency Results for: <name>'. */
  results: string;
}

// The shortest line into the position, preferring lines from the standard start and then
// the text, so chapter order never changes it. Set-up lines carry their FEN tag.
const shortestLine = (rep: Repertoire, moves: readonly RepertoireMove[]): string => {
  let best: [number, string] | undefined;
  for (const m of moves) {
    for (let i = 0; i < m.chapters.length; i++) {
      const chapter = m.chapters[i];
      const step = chapterLine(m, i);
      const start = rep.chapters[chapter].startFen;
      const sans = lineSans(step).slice(0, -1);
      const rank = (start === INITIAL_FEN ? 0 : 10_000) + sans.length;
      if (best && rank > best[0]) continue;
      const text = start === INITIAL_FEN ? makeLinePgn(start, sans) : makeLinePgnWithSetup(start, sans);
      if (!best || rank < best[0] || text < best[1]) best = [rank, text];
    }
  }
  return best?.[1] ?? '';
};

/**
 * Entries already made, by position object: a repertoire with edits shares its untouched positions with
 * the one before, so only the positions an edit touched are worked out again. Only for repertoires of
 * one study (the same chapters and colour).
 */
export type ConsistencyMemo = WeakMap<RepertoirePosition, ConsistencyPosition>;

/** A position the check lists: the player to move, with more than one repertoire move. */
export const isInconsistent = (rep: Repertoire, p: RepertoirePosition): boolean =>
  p.turn === rep.color && p.moves.length > 1;

/** The positions the check lists, in report order. */
export const inconsistentPositions = (rep: Repertoire): RepertoirePosition[] =>
  runSteps(inReportOrder(itemsWhere(rep.positions.values(), (p) => isInconsistent(rep, p))));

/** One listed position: its moves, most chapters first, each chapter with its line through the move. */
export const consistencyPosition = (rep: Repertoire, p: RepertoirePosition): ConsistencyPosition => {
  const moves = [...p.moves]
    .sort((a, b) => b.chapters.length - a.chapters.length || (a.san < b.san ? -1 : 1))
    .map((m) => ({
      san: m.san,
      uci: m.uci,
      chapters: m.chapters.map((c, i) => ({ name: rep.chapters[c].name, pgn: linePgn(rep, c, chapterLine(m, i)) })),
    }));
  return { fen: p.fen, turn: p.turn, moveNumber: p.moveNumber, line: shortestLine(rep, p.moves), moves };
};

export const findInconsistencies = (rep: Repertoire, memo?: ConsistencyMemo): ConsistencyPosition[] =>
  inconsistentPositions(rep).map((p) => memoConsistencyPosition(rep, p, memo));

/** consistencyPosition, taken from `memo` when this position object was worked out before. */
export const memoConsistencyPosition = (
  rep: Repertoire,
  p: RepertoirePosition,
  memo?: ConsistencyMemo,
): ConsistencyPosition => {
  const known = memo?.get(p);
  if (known) return known;
  const entry = consistencyPosition(rep, p);
  memo?.set(p, entry);
  return entry;
};

/** The report's opening: its title and how many positions follow ('No inconsistencies found' for none). */
export const consistencyReportHead = (name: string, count: number): string => {
  if (count === 0) return `${CONSISTENCY_PREFIX}${name}\n\n${NO_INCONSISTENCIES}`;
  const positions = count === 1 ? '1 position has' : `${count} positions have`;
  return `${CONSISTENCY_PREFIX}${name}\n\n${positions} more than one move:`;
};

/** The report's block for one position; blocks follow the head, each after a blank line. */
export const consistencyReportBlock = (p: ConsistencyPosition): string => {
  const side = p.turn === 'white' ? 'White' : 'Black';
  const after =
    p.line === '' ? 'at the start' : p.line.startsWith('[') ? `in the set-up position ${p.fen}` : `after ${p.line}`;
  const moves = p.moves.map((m) => `  ${m.san}: ${m.chapters.map((c) => `${c.name} (${c.pgn})`).join('; ')}`);
  return [`Move ${p.moveNumber}, ${side} to move ${after}:`, ...moves].join('\n');
};

export const makeConsistencyReport = (name: string, positions: readonly ConsistencyPosition[]): string =>
  [consistencyReportHead(name, positions.length), ...positions.map(consistencyReportBlock)].join('\n\n');

export const checkConsistency = (
  rep: Repertoire,
  name: string = rep.name,
  memo?: ConsistencyMemo,
): ConsistencyResult => {
  const positions = findInconsistencies(rep, memo);
  return { positions, results: makeConsistencyReport(name, positions) };
};
