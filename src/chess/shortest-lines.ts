/**
 * The shortest line from a chapter's start to every repertoire position, as movetext: what lists of
 * holes, trims and traps show. Made once per repertoire object and kept with it.
 *
 *   shortestLines(rep).movetextWith(key, 'Nf6') // '1. e4 e5 2. Nf3 Nf6'
 */
import { INITIAL_FEN } from 'chessops/fen';
import { positionKey } from './fen.js';
import type { Repertoire } from './repertoire.js';
import { repertoireIndex, type RepertoireIndex } from './repertoire-index.js';

/** Movetext token of the move at `ply` (0 = first) of a line from `start`, as makeLinePgn writes it. */
function moveToken(start: string, ply: number, san: string): string {
  const fields = start.split(' ');
  const whiteStarts = fields[1] !== 'b';
  const fullmoves = Math.max(1, parseInt(fields[5], 10) || 1);
  const fromWhite = ply + (whiteStarts ? 0 : 1);
  const number = fullmoves + Math.floor(fromWhite / 2);
  if (fromWhite % 2 === 0) return `${number}. ${san}`;
  return ply === 0 ? `${number}... ${san}` : san;
}

/**
 * Shortest lines to every position, kept as links back to the start. Movetext is built once per
 * position from its parent's (a line of n moves costs one step, not n), and kept.
 */
export class ShortestLines {
  /** Movetext through each position, made on first use. */
  private readonly texts: (string | undefined)[];

  constructor(
    private readonly index: RepertoireIndex,
    /** The full FEN each position's line starts from; undefined where no line reaches it. */
    private readonly starts: (string | undefined)[],
    /** The position before each one's last move (-1 at a start), and that move. */
    private readonly from: Int32Array,
    private readonly sans: string[],
    /** Moves from the start. */
    private readonly plies: Int32Array,
  ) {
    this.texts = new Array<string | undefined>(starts.length);
  }

  has(key: string): boolean {
    const i = this.index.indexOf.get(key);
    return i !== undefined && this.starts[i] !== undefined;
  }

  /** Movetext from the start to the position ('' at a start); undefined when no line reaches it. */
  movetext(key: string): string | undefined {
    const i = this.index.indexOf.get(key);
    return i === undefined ? undefined : this.textAt(i);
  }

  /** Movetext from the start through one more move played in the position. */
  movetextWith(key: string, san: string): string | undefined {
    const i = this.index.indexOf.get(key);
    const text = i === undefined ? undefined : this.textAt(i);
    if (text === undefined) return undefined;
    const token = moveToken(this.starts[i!]!, this.plies[i!], san);
    return text === '' ? token : `${text} ${token}`;
  }

  private textAt(i: number): string | undefined {
    const start = this.starts[i];
    if (start === undefined) return undefined;
    // Walk back to the nearest position whose text is known, then build forward.
    const chain: number[] = [];
    let at = i;
    while (this.texts[at] === undefined && this.from[at] >= 0) {
      chain.push(at);
      at = this.from[at];
    }
    let text = (this.texts[at] ??= '');
    for (let c = chain.length - 1; c >= 0; c--) {
      const j = chain[c];
      const token = moveToken(start, this.plies[j] - 1, this.sans[j]);
      text = text === '' ? token : `${text} ${token}`;
      // Kept flat: a chain of joined pieces is slow to read back once lines grow long.
      text.charCodeAt(0);
      this.texts[j] = text;
    }
    return text;
  }
}

const linesMade = new WeakMap<Repertoire, ShortestLines>();

/**
 * Shortest lines from the chapters' starts (the standard start first), by breadth-first search; made
 * once per repertoire and kept with it, with the texts made so far.
 */
export const shortestLines = (rep: Repertoire): ShortestLines => {
  const kept = linesMade.get(rep);
  if (kept) return kept;
  const index = repertoireIndex(rep);
  const n = index.positions.length;
  const starts = new Array<string | undefined>(n);
  const from = new Int32Array(n).fill(-1);
  const sans = new Array<string>(n);
  const plies = new Int32Array(n);
  const startKey = positionKey(INITIAL_FEN);
  const roots = [...rep.roots].sort((a, b) => (a === startKey ? -1 : b === startKey ? 1 : a < b ? -1 : 1));
  const queue = new Int32Array(n);
  for (const root of roots) {
    const r = index.indexOf.get(root);
    if (r === undefined || starts[r] !== undefined) continue;
    const start = index.positions[r].fen;
    starts[r] = start;
    sans[r] = '';
    let head = 0;
    let tail = 0;
    queue[tail++] = r;
    while (head < tail) {
      const i = queue[head++];
      const moves = index.positions[i].moves;
      const base = index.first[i];
      // Alphabetical among a position's moves, so equal-length lines come out the same every time.
      const order =
        moves.length > 1 ? moves.map((_, j) => j).sort((a, b) => (moves[a].san < moves[b].san ? -1 : 1)) : [0];
      for (const j of moves.length === 0 ? [] : order) {
        const t = index.targets[base + j];
        if (t < 0 || starts[t] !== undefined) continue;
        starts[t] = start;
        from[t] = i;
        sans[t] = moves[j].san;
        plies[t] = plies[i] + 1;
        queue[tail++] = t;
      }
    }
  }
  const lines = new ShortestLines(index, starts, from, sans, plies);
  linesMade.set(rep, lines);
  return lines;
};
