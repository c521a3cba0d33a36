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
 * number and side to move. Each group's keys are sorted by the engine's own string order: a comparison
 * function over long keys that share their first ranks cost more per position the larger the repertoire.
 */
export function* inReportOrder<T extends Ordered>(positions: Iterable<T>): Generator<void, T[]> {
  const groups: Map<string, T>[] = [];
  for (const p of positions) (groups[p.moveNumber * 2 + (p.turn === 'white' ? 0 : 1)] ??= new Map()).set(p.key, p);
  yield;
  const ordered: T[] = [];
  for (const group of groups) {
    if (group === undefined) continue;
    // Keys are unique, and the default sort compares strings as < does.
    for (const key of [...group.keys()].sort()) ordered.push(group.get(key)!);
    yield;
  }
  return ordered;
}

/** The items that pass `keep`, as they are met. */
export function* itemsWhere<T>(items: Iterable<T>, keep: (item: T) => boolean): Generator<T> {
  for (const item of items) if (keep(item)) yield item;
}

/** Runs steps to their end at once. */
export const runSteps = <T>(steps: Generator<void, T>): T => {
  for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
};
