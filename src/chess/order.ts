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

/**
 * The given positions in report order (comparePositions), pausing (a yield) between groups of one move
 * number and side to move, so a large repertoire is sorted without holding a caller for long: each
 * group is sorted on its own, by key.
 */
export function* inReportOrder<T extends Ordered>(positions: Iterable<T>): Generator<void, T[]> {
  const groups = new Map<number, T[]>();
  for (const p of positions) {
    const group = p.moveNumber * 2 + (p.turn === 'white' ? 0 : 1);
    const members = groups.get(group);
    if (members) members.push(p);
    else groups.set(group, [p]);
  }
  yield;
  const ordered: T[] = [];
  for (const group of [...groups.keys()].sort((a, b) => a - b)) {
    const members = groups.get(group)!.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    for (const p of members) ordered.push(p);
    yield;
  }
  return ordered;
}
