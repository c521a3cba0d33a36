/**
 * A chess position drawn as one self-contained SVG element (no images, no fonts to load), for
 * places that cannot run the app's board, such as an Anki card.
 *
 * makeBoardSvg(START_FEN, 'black') draws the start position seen from Black: a8 at the bottom right.
 * Attributes use single quotes, so the markup can sit inside a double-quoted or tab-separated field.
 */
import { Result } from '@badrap/result';
import { parseBoardFen } from 'chessops/fen';
import type { Role } from 'chessops/types';
import { FenValidationError, validateFen } from './fen.js';

export type BoardOrientation = 'white' | 'black';

/** Side of one square in SVG user units; the board is 8 squares wide. */
const SQUARE = 45;
const LIGHT = '#f0d9b5';
const DARK = '#b58863';

// Black chess symbols (filled shapes) for both sides: white pieces get a light fill with a dark
// outline. U+FE0E asks for the text glyph where a platform would draw the pawn as an emoji.
const GLYPHS: Record<Role, string> = {
  king: '\u265a',
  queen: '\u265b',
  rook: '\u265c',
  bishop: '\u265d',
  knight: '\u265e',
  pawn: '\u265f\ufe0e',
};

/** The position of a FEN (only its first field is drawn) as an `<svg>` string, `size` pixels wide. */
export function makeBoardSvg(
  fen: string,
  orientation: BoardOrientation = 'white',
  size = 240,
): Result<string, FenValidationError> {
  const valid = validateFen(fen.trim());
  if (valid.isErr) return Result.err(valid.error);
  const board = parseBoardFen(fen.trim().split(/\s+/)[0]);
  if (board.isErr) return Result.err(new FenValidationError('invalidPiece'));
  const parts: string[] = [];
  for (let rank = 0; rank < 8; rank++) {
    for (let file = 0; file < 8; file++) {
      const col = orientation === 'white' ? file : 7 - file;
      const row = orientation === 'white' ? 7 - rank : rank;
      const x = col * SQUARE;
      const y = row * SQUARE;
      const dark = (file + rank) % 2 === 0;
      parts.push(`<rect x='${x}' y='${y}' width='${SQUARE}' height='${SQUARE}' fill='${dark ? DARK : LIGHT}'/>`);
      const piece = board.value.get(rank * 8 + file);
      if (!piece) continue;
      const fill = piece.color === 'white' ? '#ffffff' : '#000000';
      const stroke = piece.color === 'white' ? '#000000' : '#ffffff';
      parts.push(
        `<text x='${x + SQUARE / 2}' y='${y + SQUARE * 0.8}' font-size='${SQUARE * 0.85}' text-anchor='middle' ` +
          `fill='${fill}' stroke='${stroke}' stroke-width='1.2' paint-order='stroke'>${GLYPHS[piece.role]}</text>`,
      );
    }
  }
  const label = `Chess position ${fen.trim().split(/\s+/)[0]}, ${orientation} at the bottom`;
  return Result.ok(
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${8 * SQUARE} ${8 * SQUARE}' width='${size}' height='${size}' ` +
      `role='img' aria-label='${label}' font-family='DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols 2, serif'>` +
      parts.join('') +
      '</svg>',
  );
}
