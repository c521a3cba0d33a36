import { plural } from '../../../lib/plural';
// Words and lines the Prepare screen shows, from the preparation's figures.

/** 'white' or 'black': whose move it is in a FEN. */
export const turnOf = (fen: string): 'white' | 'black' => (fen.split(' ')[1] === 'b' ? 'black' : 'white');

const fullmoveOf = (fen: string): number => Number(fen.split(' ')[5]) || 1;

/** Movetext with one more move played at `fen` (the position the line ends at): '1. e4 c5' + Nf3 -> '1. e4 c5 2. Nf3'. */
export function appendMove(line: string, fen: string, san: string): string {
  const n = fullmoveOf(fen);
  const move = turnOf(fen) === 'white' ? `${n}. ${san}` : line === '' ? `${n}... ${san}` : san;
  return line ? `${line} ${move}` : move;
}

/** The surprise with its number: '2. c3' or '2... Nc6'. */
export function moveLabel(fen: string, san: string): string {
  return `${fullmoveOf(fen)}${turnOf(fen) === 'white' ? '.' : '...'} ${san}`;
}

/** 0..1 as a whole percentage of the player's score; 'no results' when unknown. */
export function scoreText(score: number | null): string {
  return score === null ? 'no results' : `${Math.round(score * 100)}%`;
}

/** '3 games' / '1 game'. */
export const gamesText = (count: number): string => `${plural(count, 'game')}`;

export const colorName = (color: 'white' | 'black'): string => (color === 'white' ? 'White' : 'Black');

/** 'Jan 2, 2026, 14:05' in the player's locale. */
export function whenText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
