/**
 * Hand-made explorer answers for tests: positions named by their SAN moves from the start, moves by
 * SAN with White wins, draws and Black wins.
 *
 *   explorerTree([['e4', [['e5', 40, 20, 40], ['c5', 30, 10, 60]]]]) // Map { <key after 1. e4> => stats }
 */
import { Chess } from 'chessops/chess';
import { makeFen } from 'chessops/fen';
import { parseSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import type { PositionStats } from './coverage.js';
import { positionKey } from './fen.js';

export type MoveCounts = readonly [san: string, white: number, draws: number, black: number];

/** The position after `sans` (space-separated, no move numbers; '' for the start). */
export const positionAfter = (sans: string): Chess => {
  const pos = Chess.default();
  for (const san of sans.split(' ').filter(Boolean)) {
    const move = parseSan(pos, san);
    if (!move) throw new Error(`${san} is not legal after ${sans}`);
    pos.play(move);
  }
  return pos;
};

export const keyAfter = (sans: string): string => positionKey(makeFen(positionAfter(sans).toSetup()));

export const statsOf = (sans: string, moves: readonly MoveCounts[]): PositionStats => {
  const pos = positionAfter(sans);
  const listed = moves.map(([san, white, draws, black]) => {
    const move = parseSan(pos, san);
    if (!move) throw new Error(`${san} is not legal after ${sans}`);
    return { san, uci: makeUci(move), white, draws, black };
  });
  const sum = (f: (m: (typeof listed)[number]) => number) => listed.reduce((n, m) => n + f(m), 0);
  return { white: sum((m) => m.white), draws: sum((m) => m.draws), black: sum((m) => m.black), moves: listed };
};

export const explorerTree = (
  entries: readonly (readonly [string, readonly MoveCounts[]])[],
): Map<string, PositionStats> => new Map(entries.map(([sans, moves]) => [keyAfter(sans), statsOf(sans, moves)]));
