/**
 * Opponent preparation: an opponent's recent games seen against the player's repertoire for the colour
 * the player will have. Each game is followed through the repertoire like compareGame; where the
 * opponent played a move the repertoire does not answer is a surprise, and the deepest position each
 * game shared with the repertoire gives the line it followed.
 *
 *   opponentPrep(games, blackRep)
 *   -> { games: 40, compared: 38, surprises: [{ line: '1. e4 c5', playedSan: 'c3', expectedSan: ['Nf3'],
 *        count: 7, score: 0.43, ... }], theirLines: [{ line: '1. e4 c5 2. Nf3 d6', plies: 4, count: 9, score: 0.5 }] }
 *
 * Results are from the player's side (1 win, 0.5 draw, 0 loss). Every game given is counted; only those
 * with at least one move from the standard start are compared (a game abandoned before the first move,
 * or one from a set-up position, is counted, not compared).
 */
import { positionKey } from './fen.js';
import {
  compareReportGame,
  countDeviationGame,
  meanResult,
  openDeviation,
  readReportGame,
  tally,
  type Deviation,
  type Tally,
} from './repertoire-report.js';
import type { Repertoire } from './repertoire.js';

/** One of the opponent's games; `ref` is carried through to the surprises it lands in. */
export interface PrepGame<R> {
  pgn: string;
  /** From the player's side (the colour of the repertoire): 1, 0.5, 0; null when unknown. */
  result: number | null;
  ref: R;
}

export interface TheirLine {
  /** Movetext from the standard start to the deepest position the games shared with the repertoire. */
  line: string;
  /** Half-moves in the line. */
  plies: number;
  /** Full FEN of the position the line ends at (from the first game that followed it). */
  fen: string;
  count: number;
  /** 0..1: the player's mean result over those games with a known result; null when none is known. */
  score: number | null;
}

export interface OpponentPrep<R> {
  /** Games given (the opponent had the other colour in each). */
  games: number;
  /** Of them, those with at least one move from the standard start, compared with the repertoire. */
  compared: number;
  /** Opponent moves the repertoire does not answer, grouped by (position, move); most frequent first. */
  surprises: Deviation<R>[];
  /** Most games first; then deeper lines first. */
  theirLines: TheirLine[];
}

export interface OpponentPrepBuilder<R> {
  add(game: PrepGame<R>): void;
  finish(): OpponentPrep<R>;
}

/** The preparation one game at a time, so a caller can pause between games. */
export const createOpponentPrepBuilder = <R>(rep: Repertoire): OpponentPrepBuilder<R> => {
  const surprises = new Map<string, Deviation<R> & Tally>();
  const lines = new Map<string, TheirLine & Tally>();
  let games = 0;
  let compared = 0;

  const add = (input: PrepGame<R>): void => {
    const read = readReportGame(input.pgn);
    games++;
    if (typeof read === 'string') return;
    compared++;
    const { comparison: c, played } = compareReportGame(rep, read);
    if (c.outcome === 'not_in_repertoire') return;

    if (c.ply > 0) {
      let line = lines.get(c.line);
      if (!line) {
        line = { line: c.line, plies: c.ply, fen: c.fen, count: 0, score: null, known: 0, total: 0 };
        lines.set(c.line, line);
      }
      line.count++;
      tally(line, input.result);
    }

    if (c.outcome !== 'left' || c.side !== 'opponent' || !c.played) return;
    const key = `${positionKey(c.fen)}|${c.played.uci}`;
    let group = surprises.get(key);
    if (!group) {
      group = openDeviation<R>(c, played, rep.color);
      surprises.set(key, group);
    }
    countDeviationGame(group, input, c.ply + 1);
  };

  const finish = (): OpponentPrep<R> => ({
    games,
    compared,
    surprises: [...surprises.values()]
      .sort(bySurprise)
      .map(({ known, total, ...deviation }) => ({ ...deviation, score: meanResult({ known, total }) })),
    theirLines: [...lines.values()]
      .sort(byLine)
      .map(({ known, total, ...line }) => ({ ...line, score: meanResult({ known, total }) })),
  });

  return { add, finish };
};

export const opponentPrep = <R>(games: readonly PrepGame<R>[], rep: Repertoire): OpponentPrep<R> => {
  const builder = createOpponentPrepBuilder<R>(rep);
  for (const game of games) builder.add(game);
  return builder.finish();
};

const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Most frequent first; then earliest, then by line and move for a stable order. */
const bySurprise = <R>(a: Deviation<R>, b: Deviation<R>): number =>
  b.count - a.count || a.moveNumber - b.moveNumber || text(a.line, b.line) || text(a.playedSan, b.playedSan);

const byLine = (a: TheirLine, b: TheirLine): number => b.count - a.count || b.plies - a.plies || text(a.line, b.line);
