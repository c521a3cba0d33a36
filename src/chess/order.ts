/** Shared ordering of positions in reports: lowest move number first, ties white to move first. */
import type { Color } from './repertoire.js';

export interface Ordered {
  key: string;
  moveNumber: number;
  turn: Color;
}

export const comparePositions = (a: Ordered, b: Ordered): number =>
  a.moveNumber - b.moveNumber ||
  (a.turn === b.turn ? 0 : a.turn === 'white' ? -1 : 1) ||
  (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
