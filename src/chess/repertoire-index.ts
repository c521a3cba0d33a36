/**
 * A repertoire's positions numbered once, each move's target as a number, for the walks that run on
 * every coverage, trim, trap and expected-score call: arrays indexed by position cost a fraction of
 * maps that grow by 20,000 keys a call. Made once per repertoire object and kept with it (a built
 * repertoire is not changed: edits make a new one).
 *
 *   const index = repertoireIndex(rep);
 *   const i = index.indexOf.get(key)!; // rep.positions.get(key) === index.positions[i]
 *   for (let j = index.first[i]; j < index.first[i + 1]; j++) index.targets[j]; // each move's target, in p.moves order
 */
import type { Repertoire, RepertoirePosition } from './repertoire.js';

export interface RepertoireIndex {
  readonly keys: readonly string[];
  readonly positions: readonly RepertoirePosition[];
  readonly indexOf: ReadonlyMap<string, number>;
  /** Position i's moves are targets[first[i]] .. targets[first[i + 1] - 1]. */
  readonly first: Int32Array;
  /** Each move's target position, -1 where the repertoire has none. */
  readonly targets: Int32Array;
}

const made = new WeakMap<Repertoire, RepertoireIndex>();

export function repertoireIndex(rep: Repertoire): RepertoireIndex {
  const kept = made.get(rep);
  if (kept) return kept;
  const positions = [...rep.positions.values()];
  const keys = positions.map((p) => p.key);
  const indexOf = new Map(keys.map((key, i) => [key, i]));
  const first = new Int32Array(positions.length + 1);
  let moves = 0;
  for (let i = 0; i < positions.length; i++) {
    first[i] = moves;
    moves += positions[i].moves.length;
  }
  first[positions.length] = moves;
  const targets = new Int32Array(moves);
  for (let i = 0; i < positions.length; i++) {
    const list = positions[i].moves;
    for (let j = 0; j < list.length; j++) targets[first[i] + j] = indexOf.get(list[j].to) ?? -1;
  }
  const index: RepertoireIndex = { keys, positions, indexOf, first, targets };
  made.set(rep, index);
  return index;
}

/** A value per position of one repertoire, read by key; positions without one answer undefined. */
export class PositionValues {
  constructor(
    private readonly index: RepertoireIndex,
    /** NaN where a position has no value. */
    private readonly values: Float64Array,
  ) {}

  get(key: string): number | undefined {
    const i = this.index.indexOf.get(key);
    if (i === undefined) return undefined;
    const value = this.values[i];
    return Number.isNaN(value) ? undefined : value;
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }
}
