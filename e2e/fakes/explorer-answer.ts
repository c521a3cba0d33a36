import { Chess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { makeSquare, parseUci } from 'chessops/util';
import type { NormalMove } from 'chessops/types';
import { coverageGoalAnswers } from './coverage-goal-answers.js';

/**
 * Explorer answers for the fake: the two recorded answers verbatim for their own positions, and for
 * any other position a made-up answer with legal moves whose counts are the recorded ones, picked
 * and scaled by a hash of the FEN, so different positions give different but stable reports.
 */

interface RecordedMove {
  averageRating: number;
  white: number;
  draws: number;
  black: number;
}

const BERSERK_FEN = 'rnbqkbnr/ppp2ppp/8/3pp3/4P3/2NP4/PPP2PPP/R1BQKBNR b KQkq - 0 1';
const DOCS_EXAMPLE_PLAY = ['d2d4', 'd7d5', 'c2c4', 'c7c6', 'c4d5'];

export interface ExplorerAnswers {
  /** JSON body for the FEN, or undefined when the FEN is not a legal standard position. */
  answer(fen: string): string | undefined;
  /** The masters database's answer: the made-up answer of another seed, a tenth of the games. */
  masters(fen: string): string | undefined;
}

export function createExplorerAnswers(berserkJson: string, docsExampleJson: string): ExplorerAnswers {
  const recorded = new Map<string, string>([
    [positionKey(BERSERK_FEN), berserkJson],
    [positionKey(fenAfter(DOCS_EXAMPLE_PLAY)), docsExampleJson],
    ...coverageGoalAnswers(),
  ]);
  const counts = (JSON.parse(berserkJson) as { moves: RecordedMove[] }).moves.map(
    ({ averageRating, white, draws, black }) => ({
      averageRating,
      white,
      draws,
      black,
    }),
  );

  const made = (fen: string, salt: string, share: number): string | undefined => {
    const setup = parseFen(fen.trim());
    if (setup.isErr) return undefined;
    const position = Chess.fromSetup(setup.value);
    if (position.isErr) return undefined;
    const known = salt === '' ? recorded.get(positionKey(fen)) : undefined;
    if (known) return known;

    const pos = position.value;
    const seed = hash(salt + positionKey(fen));
    const legal = legalMoves(pos).sort((a, b) => (a.uci < b.uci ? -1 : 1));
    const picked = shuffle(legal, seed).slice(0, Math.min(counts.length, 2 + (seed % 5)));
    const scale = (0.3 + ((seed >>> 8) % 140) / 100) * share;
    const moves = picked.map(({ uci, move }, i) => {
      const c = counts[i];
      return {
        uci,
        san: makeSan(pos, move),
        averageRating: c.averageRating,
        white: Math.round(c.white * scale),
        draws: Math.round(c.draws * scale),
        black: Math.round(c.black * scale),
        game: null,
        opening: null,
      };
    });
    const total = (key: 'white' | 'draws' | 'black') => moves.reduce((sum, m) => sum + m[key], 0);
    return JSON.stringify({
      white: total('white'),
      draws: total('draws'),
      black: total('black'),
      moves,
      recentGames: [],
      topGames: [],
      opening: null,
    });
  };

  return {
    answer: (fen) => made(fen, '', 1),
    masters: (fen) => made(fen, 'masters|', 0.1),
  };
}

/** Board, turn, castling and en passant: the FEN without move counters. */
function positionKey(fen: string): string {
  return fen.trim().split(/\s+/).slice(0, 4).join(' ');
}

function fenAfter(ucis: string[]): string {
  const pos = Chess.default();
  for (const uci of ucis) pos.play(parseUci(uci)!);
  return makeFen(pos.toSetup());
}

/** Legal moves with standard UCI (castling as e1g1, as the explorer writes it). */
function legalMoves(pos: Chess): { uci: string; move: NormalMove }[] {
  const moves: { uci: string; move: NormalMove }[] = [];
  for (const [from, dests] of pos.allDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      const move: NormalMove = { from, to };
      let uciTo = to;
      if (piece?.role === 'king' && pos.board.get(to)?.color === piece.color) {
        uciTo = to > from ? from + 2 : from - 2; // chessops moves the king onto its rook
      }
      const lastRank = piece?.color === 'white' ? 7 : 0;
      if (piece?.role === 'pawn' && to >> 3 === lastRank) {
        moves.push({ uci: `${makeSquare(from)}${makeSquare(to)}q`, move: { ...move, promotion: 'queen' } });
        continue;
      }
      moves.push({ uci: `${makeSquare(from)}${makeSquare(uciTo)}`, move });
    }
  }
  return moves;
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function shuffle<T>(items: T[], seed: number): T[] {
  const out = [...items];
  let s = seed || 1;
  for (let i = out.length - 1; i > 0; i--) {
    s = Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) >>> 0;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
