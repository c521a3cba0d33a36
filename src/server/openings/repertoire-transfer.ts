// A large repertoire handed from a worker thread to the server's thread in parts. Received in one
// message, a 500,000-position repertoire held the server's event loop for two seconds or more while
// it was copied in; in parts of a few thousand positions, each taken on a turn of the loop of its own,
// other requests are answered between them (its longest hold: some 50 ms).
import type { LineStep, Repertoire, RepertoireMove, RepertoirePosition } from '../../chess/index.js';

/**
 * Repertoires up to this size go in one message: 20,000 positions take some 20 ms to receive whole,
 * and in parts the round trips cost more than that.
 */
export const ONE_MESSAGE_POSITIONS = 25_000;
/** Positions per part beyond that: one part takes a few milliseconds to receive, even into a large heap. */
export const POSITIONS_PER_PART = 4_000;

export type RepertoireHead = Omit<Repertoire, 'positions'>;

interface WireMove extends Omit<RepertoireMove, 'firstLine'> {
  /** firstLine as step ids (one id for a lone step). */
  firstLine: number | number[];
}

interface WirePosition extends Omit<RepertoirePosition, 'moves'> {
  moves: WireMove[];
}

/**
 * One part: the line steps it names for the first time (ids follow on from the previous parts', each
 * step after the one it links back to; -1 for none) and its positions, in the repertoire's order.
 */
export interface RepertoirePart {
  stepSans: string[];
  stepPrevious: number[];
  positions: WirePosition[];
}

/**
 * Cuts a built repertoire into parts, in order; line steps shared between moves stay shared. Positions
 * sent are let go, so the worker's copy shrinks while the server's grows (the two are not held whole at once).
 */
export class RepertoireSender {
  private readonly entries: (RepertoirePosition | undefined)[];
  private readonly count: number;
  private readonly stepIds = new Map<LineStep, number>();
  private sent = 0;

  constructor(
    private readonly rep: Repertoire,
    private readonly perPart = POSITIONS_PER_PART,
  ) {
    this.entries = [...rep.positions.values()];
    this.count = this.entries.length;
    // A repertoire just built holds a map of its own: emptied, so its positions go as they are sent.
    if (rep.positions instanceof Map) rep.positions.clear();
  }

  head(): RepertoireHead {
    const { name, color, excluded, chapters, roots, notes } = this.rep;
    return { name, color, excluded, chapters, roots, notes };
  }

  get done(): boolean {
    return this.sent >= this.count;
  }

  next(): RepertoirePart {
    const part: RepertoirePart = { stepSans: [], stepPrevious: [], positions: [] };
    const end = Math.min(this.count, this.sent + this.perPart);
    for (; this.sent < end; this.sent++) {
      const { moves, ...position } = this.entries[this.sent]!;
      this.entries[this.sent] = undefined;
      part.positions.push({
        ...position,
        moves: moves.map(({ firstLine, ...move }) => ({
          ...move,
          firstLine: Array.isArray(firstLine)
            ? firstLine.map((step) => this.stepId(step, part))
            : this.stepId(firstLine, part),
        })),
      });
    }
    return part;
  }

  /** The step's id, naming it (and the steps before it not yet named) in this part first. */
  private stepId(step: LineStep, part: RepertoirePart): number {
    const known = this.stepIds.get(step);
    if (known !== undefined) return known;
    const unnamed: LineStep[] = [];
    for (let at: LineStep | undefined = step; at && !this.stepIds.has(at); at = at.previous) unnamed.push(at);
    for (let i = unnamed.length - 1; i >= 0; i--) {
      const at = unnamed[i];
      this.stepIds.set(at, this.stepIds.size);
      part.stepSans.push(at.san);
      part.stepPrevious.push(at.previous ? this.stepIds.get(at.previous)! : -1);
    }
    return this.stepIds.get(step)!;
  }
}

/** Puts a repertoire back together from its head and its parts, taken in order. */
export class RepertoireReceiver {
  private readonly steps: LineStep[] = [];
  private readonly positions = new Map<string, RepertoirePosition>();

  constructor(private readonly head: RepertoireHead) {}

  add(part: RepertoirePart): void {
    for (let i = 0; i < part.stepSans.length; i++) {
      const previous = part.stepPrevious[i];
      this.steps.push({ san: part.stepSans[i], previous: previous < 0 ? undefined : this.steps[previous] });
    }
    for (const { moves, ...position } of part.positions) {
      this.positions.set(position.key, {
        ...position,
        moves: moves.map(({ firstLine, ...move }) => ({
          ...move,
          firstLine: Array.isArray(firstLine) ? firstLine.map((id) => this.steps[id]) : this.steps[firstLine],
        })),
      });
    }
  }

  result(): Repertoire {
    return { ...this.head, positions: this.positions };
  }
}
