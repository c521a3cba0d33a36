/**
 * Writing PGN: chessops's writer with movetext wrapped at 80 characters, and short
 * movetext for a single line of moves.
 *
 *   makeLinePgn(INITIAL_FEN, ['e4', 'c5', 'Nf3']) === '1. e4 c5 2. Nf3'
 */
import { INITIAL_FEN } from 'chessops/fen';
import { makePgn, type Game, type PgnNodeData } from 'chessops/pgn';

export const PGN_LINE_WIDTH = 80;

/** Breaks text at spaces so no line exceeds width (a single longer token keeps its own line). */
export const wrapText = (text: string, width = PGN_LINE_WIDTH): string => {
  const lines: string[] = [];
  let line = '';
  for (const token of text.split(' ')) {
    if (token === '') continue;
    if (line === '' || line.length + 1 + token.length <= width) {
      line = line === '' ? token : `${line} ${token}`;
      continue;
    }
    // A line starting with '%' is an escape line in PGN that readers skip: carry a word over with it.
    let carry = token.startsWith('%') ? line.lastIndexOf(' ') : -2;
    while (carry > 0 && line[carry + 1] === '%') carry = line.lastIndexOf(' ', carry - 1);
    if (carry === -1) line = `${line} ${token}`;
    else if (carry >= 0) {
      lines.push(line.slice(0, carry));
      line = `${line.slice(carry + 1)} ${token}`;
    } else {
      lines.push(line);
      line = token;
    }
  }
  if (line !== '') lines.push(line);
  return lines.join('\n');
};

/** Whole PGN (tags, then movetext wrapped at 80 characters). */
export const makePgnText = (game: Game<PgnNodeData>): string => {
  const text = makePgn(game);
  const split = text.indexOf('\n\n');
  const tags = split === -1 ? '' : text.slice(0, split + 2);
  const movetext = split === -1 ? text : text.slice(split + 2);
  return `${tags}${movetext
    .split('\n')
    .map((l) => wrapText(l))
    .join('\n')
    .trimEnd()}\n`;
};

/** Movetext for one line of SAN moves from a FEN, with the move numbers a reader expects. */
export const makeLinePgn = (startFen: string, sans: readonly string[]): string => {
  // Only the side to move and the move number matter here, so skip a full FEN parse.
  const fields = startFen.split(' ');
  let fullmoves = Math.max(1, parseInt(fields[5], 10) || 1);
  let white = fields[1] !== 'b';
  const parts: string[] = [];
  sans.forEach((san, i) => {
    if (white) parts.push(`${fullmoves}. ${san}`);
    else parts.push(i === 0 ? `${fullmoves}... ${san}` : san);
    if (!white) fullmoves++;
    white = !white;
  });
  return parts.join(' ');
};

/** A PGN for one line, with FEN and SetUp tags when it starts from a set-up position. */
export const makeLinePgnWithSetup = (startFen: string, sans: readonly string[]): string => {
  const movetext = wrapText(makeLinePgn(startFen, sans));
  return startFen === INITIAL_FEN ? movetext : `[FEN "${startFen}"]\n[SetUp "1"]\n\n${movetext}`;
};
