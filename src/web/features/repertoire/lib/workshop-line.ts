// The line on the workshop board: moves from the standard start, read from and written as movetext.
// Example: parseLine('1. e4 b6 2. d4') -> three steps, the last with the FEN after 2. d4.
import { Chess } from 'chessops/chess';
import { INITIAL_FEN, makeFen, parseFen } from 'chessops/fen';
import { makeSan, parseSan } from 'chessops/san';
import { makeSquare, makeUci, parseUci } from 'chessops/util';

export const START_FEN = INITIAL_FEN;

/** One move of the line, with the position after it. */
export type LineStep = {
  san: string;
  /** chessops UCI; castling as king-takes-rook ('e1h1'), as the repertoire stores it. */
  uci: string;
  /** Squares for the last-move mark; castling shows where the king lands. */
  from: string;
  to: string;
  fen: string;
};

const positionOf = (fen: string) => {
  const setup = parseFen(fen);
  if (setup.isErr) return undefined;
  const pos = Chess.fromSetup(setup.value);
  return pos.isOk ? pos.value : undefined;
};

type Position = NonNullable<ReturnType<typeof positionOf>>;
type NormalMove = { from: number; to: number; promotion?: 'queen' | 'rook' | 'bishop' | 'knight' | 'king' | 'pawn' };

function stepOf(pos: Position, move: NormalMove): LineStep {
  const san = makeSan(pos, move);
  const piece = pos.board.get(move.from);
  const target = pos.board.get(move.to);
  const castles = piece?.role === 'king' && target?.role === 'rook' && target.color === piece.color;
  const from = makeSquare(move.from);
  const to = castles ? `${move.to > move.from ? 'g' : 'c'}${from[1]}` : makeSquare(move.to);
  const uci = makeUci(move);
  pos.play(move);
  return { san, uci, from, to, fen: makeFen(pos.toSetup()) };
}

/** The steps of a movetext line from the standard start; undefined when a move does not fit. */
export function parseLine(line: string): LineStep[] | undefined {
  const pos = positionOf(START_FEN)!;
  const steps: LineStep[] = [];
  for (const token of line.split(/\s+/)) {
    const san = token.replace(/^\d+\.+/, '');
    if (san === '' || /^(\*|1-0|0-1|1\/2-1\/2)$/.test(san)) continue;
    const move = parseSan(pos, san);
    if (!move || !('from' in move)) return undefined;
    steps.push(stepOf(pos, move));
  }
  return steps;
}

/** The step for a UCI move played from `fen`; undefined when illegal. */
export function stepFromUci(fen: string, uci: string): LineStep | undefined {
  const pos = positionOf(fen);
  const move = parseUci(uci);
  if (!pos || !move || !('from' in move) || !pos.isLegal(move)) return undefined;
  return stepOf(pos, move);
}

/** The step for a SAN move played from `fen`; undefined when illegal. */
export function stepFromSan(fen: string, san: string): LineStep | undefined {
  const pos = positionOf(fen);
  const move = pos && parseSan(pos, san);
  if (!pos || !move || !('from' in move)) return undefined;
  return stepOf(pos, move);
}

/** Movetext from the standard start: '1. e4 b6 2. d4'. */
export function makeLine(steps: readonly Pick<LineStep, 'san'>[]): string {
  return steps.map((s, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${s.san}` : s.san)).join(' ');
}

/** '2... Nf6': a move numbered by its place in the line (0-based index). */
export function moveLabelAt(index: number, san: string): string {
  return `${Math.floor(index / 2) + 1}${index % 2 === 0 ? '.' : '...'} ${san}`;
}

/** The side to move in a FEN. */
export const turnOf = (fen: string): 'white' | 'black' => (fen.split(' ')[1] === 'b' ? 'black' : 'white');
