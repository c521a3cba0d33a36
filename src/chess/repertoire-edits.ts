/**
 * Edits of a repertoire kept beside its study: `add` puts every move of a line into the repertoire,
 * `remove` takes out the line's last move and every position reachable only through it, `comment` sets
 * the player's own note on the line's last move (empty text clears it). Edits apply
 * in order onto a copy: positions they touch are copied, the others stay shared with the base (a
 * cached repertoire is never changed), and so does the map holding them (layered-positions.ts).
 *
 *   const edited = applyEdits(base, [{ op: 'add', line: parseRepertoireLine('1. e4 b6 2. d4').unwrap() }]);
 *   edited.rep.positions.get(keyAfterB6).moves  // [..., d4]
 */
import { INITIAL_FEN } from 'chessops/fen';
import type { Color, Repertoire, RepertoireChapter, RepertoireMove, RepertoirePosition } from './repertoire.js';
import { START_KEY, type RepertoireLine } from './repertoire-line.js';
import { noteKey } from './annotations.js';
import {
  hasPositionOver,
  LayeredPositions,
  MAX_CHANGES,
  positionOver,
  type PositionChange,
} from './layered-positions.js';

export const EDIT_OPS = ['add', 'remove', 'comment'] as const;
export type EditOp = (typeof EDIT_OPS)[number];

export interface RepertoireEdit {
  op: EditOp;
  line: RepertoireLine;
  /** op 'comment': the note ('' clears it). */
  comment?: string;
}

export interface EditEffect {
  /** Whether the position the edit's last move is played in is in the base repertoire (the study). */
  anchorInBase: boolean;
  /** False for a removal whose move was not there (another edit took it out first). */
  applied: boolean;
}

export interface EditedRepertoire {
  /** The base with the edits applied (the base itself when there are none). */
  rep: Repertoire;
  /** One per edit, in order. */
  effects: EditEffect[];
  /** Index in rep.chapters of the chapter that added moves belong to. */
  additionsChapter: number;
  /** Keys of the positions the last application made, changed or took out (to count changes cheaply). */
  touched: ReadonlySet<string>;
}

/** The chapter added moves belong to, as named in the PGN and on Lichess. */
export const additionsChapterName = (color: Color): string =>
  `Chess Prep additions (${color === 'white' ? 'White' : 'Black'})`;

/** True when the move came from an edit rather than the study's own chapters. */
export const isAddedMove = (edited: EditedRepertoire, move: RepertoireMove): boolean =>
  move.chapters.length === 1 && move.chapters[0] === edited.additionsChapter;

/** The base with nothing applied yet. */
export const unedited = (base: Repertoire): EditedRepertoire => ({
  rep: base,
  effects: [],
  additionsChapter: base.chapters.length,
  touched: new Set(),
});

const fullmovesOf = (fen: string) => parseInt(fen.slice(fen.lastIndexOf(' ') + 1), 10) || 1;

/**
 * Applies `edits` after those already in `from` (an earlier result for the same base; the base itself
 * by default). The result shares every untouched position with `from`.
 */
export const applyEdits = (
  base: Repertoire,
  edits: readonly RepertoireEdit[],
  from: EditedRepertoire = unedited(base),
): EditedRepertoire => {
  const steps = applyEditsSteps(base, edits, from);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
};

/** Positions copied between two pauses when the changes are folded into a map of their own. */
const COPIED_PER_STEP = 1_024;

/** applyEdits pausing (yielding) after each edit and while copying: large repertoires change in short steps. */
export function* applyEditsSteps(
  base: Repertoire,
  edits: readonly RepertoireEdit[],
  from: EditedRepertoire = unedited(base),
): Generator<void, EditedRepertoire> {
  if (edits.length === 0) return from;
  // The positions shared with `from` stay where they are: only the changes (a few thousand at most,
  // see MAX_CHANGES) are copied.
  const layered = LayeredPositions.over(from.rep.positions);
  const below = layered.below;
  const changes = new Map<string, PositionChange>(layered.changes);
  const positions = {
    get: (key: string) => positionOver(below, changes, key),
    has: (key: string) => hasPositionOver(below, changes, key),
    set(key: string, position: RepertoirePosition): void {
      changes.set(key, position);
    },
    delete(key: string): void {
      if (below.has(key)) changes.set(key, null);
      else changes.delete(key);
    },
    values: () => layered.with(changes).values(),
  };
  const roots = [...from.rep.roots];
  const additions = from.additionsChapter;
  const owned = new Set<RepertoirePosition>();
  const touched = new Set<string>();
  let inDegree: Map<string, number> | undefined;

  /** The position under `key`, copied first if this result does not own it yet. */
  const own = (key: string): RepertoirePosition => {
    const p = positions.get(key)!;
    if (owned.has(p)) return p;
    const copy = { ...p, moves: [...p.moves] };
    owned.add(copy);
    touched.add(key);
    positions.set(key, copy);
    return copy;
  };

  const degrees = (): Map<string, number> => {
    if (inDegree) return inDegree;
    inDegree = new Map();
    for (const p of positions.values()) for (const m of p.moves) inDegree.set(m.to, (inDegree.get(m.to) ?? 0) + 1);
    return inDegree;
  };

  const add = (line: RepertoireLine) => {
    if (!positions.has(START_KEY)) {
      const start: RepertoirePosition = { key: START_KEY, fen: INITIAL_FEN, turn: 'white', moveNumber: 1, moves: [] };
      owned.add(start);
      touched.add(START_KEY);
      positions.set(START_KEY, start);
      roots.push(START_KEY);
    }
    line.moves.forEach((m, i) => {
      const at = positions.get(m.fromKey)!;
      if (!at.moves.some((x) => x.uci === m.uci)) {
        const last = i === line.moves.length - 1;
        own(m.fromKey).moves.push({
          san: m.san,
          uci: m.uci,
          to: m.toKey,
          chapters: [additions],
          lines: 1,
          continuingLines: last ? 0 : 1,
          firstLine: m.step,
        });
        if (inDegree) inDegree.set(m.toKey, (inDegree.get(m.toKey) ?? 0) + 1);
      }
      if (!positions.has(m.toKey)) {
        const turn: Color = m.toKey.includes(' w ') ? 'white' : 'black';
        const next: RepertoirePosition = {
          key: m.toKey,
          fen: m.toFen,
          turn,
          moveNumber: fullmovesOf(m.toFen),
          moves: [],
        };
        owned.add(next);
        touched.add(m.toKey);
        positions.set(m.toKey, next);
      }
    });
  };

  const remove = (line: RepertoireLine): boolean => {
    const last = line.moves[line.moves.length - 1];
    const at = positions.get(last.fromKey);
    const index = at ? at.moves.findIndex((m) => m.uci === last.uci) : -1;
    if (index < 0) return false;
    const degree = degrees();
    own(last.fromKey).moves.splice(index, 1);
    degree.set(last.toKey, (degree.get(last.toKey) ?? 1) - 1);
    prune(last.toKey, degree);
    return true;
  };

  // Every position kept is reachable from a root. After a move into `top` is taken out, only positions
  // reachable from `top` can have lost their way in: those with a way in from outside that set (which
  // is reachable without `top`), and all they reach, stay; the rest go.
  const prune = (top: string, degree: Map<string, number>) => {
    const below = new Map<string, number>([[top, 0]]);
    const queue = [top];
    for (let i = 0; i < queue.length; i++) {
      for (const m of positions.get(queue[i])!.moves) {
        const seen = below.get(m.to);
        if (seen === undefined) {
          below.set(m.to, 1);
          queue.push(m.to);
        } else below.set(m.to, seen + 1);
      }
    }
    const rootSet = new Set(roots);
    const live: string[] = [];
    for (const [key, inside] of below) if (rootSet.has(key) || (degree.get(key) ?? 0) > inside) live.push(key);
    const alive = new Set(live);
    for (let i = 0; i < live.length; i++) {
      for (const m of positions.get(live[i])!.moves) {
        if (!alive.has(m.to)) {
          alive.add(m.to);
          live.push(m.to);
        }
      }
    }
    for (const key of queue) {
      if (alive.has(key)) continue;
      for (const m of positions.get(key)!.moves) degree.set(m.to, (degree.get(m.to) ?? 1) - 1);
    }
    for (const key of queue) {
      if (alive.has(key)) continue;
      positions.delete(key);
      degree.delete(key);
      touched.add(key);
    }
  };

  let notes = from.rep.notes;
  // The player's note on a move still in the repertoire; a note on a move gone is not applied.
  const note = (line: RepertoireLine, text: string): boolean => {
    const last = line.moves[line.moves.length - 1];
    if (!positions.get(last.fromKey)?.moves.some((m) => m.uci === last.uci)) return false;
    if (notes === from.rep.notes) notes = new Map(notes);
    const id = noteKey(last.fromKey, last.uci);
    const known = notes.get(id) ?? { to: last.toKey, comments: [], shapes: [], glyphs: [] };
    notes.set(id, { ...known, own: text.trim() === '' ? undefined : text.trim() });
    touched.add(last.fromKey);
    return true;
  };

  const effects = [...from.effects];
  let added = false;
  for (const edit of edits) {
    const anchor = edit.line.moves[edit.line.moves.length - 1].fromKey;
    const anchorInBase = base.positions.has(anchor);
    if (edit.op === 'add') {
      add(edit.line);
      added = true;
      effects.push({ anchorInBase, applied: true });
    } else if (edit.op === 'comment') effects.push({ anchorInBase, applied: note(edit.line, edit.comment ?? '') });
    else effects.push({ anchorInBase, applied: remove(edit.line) });
    yield;
  }

  let chapters: RepertoireChapter[] = from.rep.chapters;
  if (added && chapters.length === additions) {
    chapters = [...chapters, { index: additions, name: additionsChapterName(base.color), startFen: INITIAL_FEN }];
  }
  let result: ReadonlyMap<string, RepertoirePosition> = layered.with(changes);
  if (changes.size > MAX_CHANGES) {
    // Folded into a map of their own, in steps: the next edits then copy few changes again.
    const flat = new Map<string, RepertoirePosition>();
    for (const position of result.values()) {
      flat.set(position.key, position);
      if (flat.size % COPIED_PER_STEP === 0) yield;
    }
    result = flat;
  }
  // Roots stay: a study's set-up chapter may lose every move, its start is still where it begins.
  return {
    rep: { ...from.rep, chapters, positions: result, roots, notes },
    effects,
    additionsChapter: additions,
    touched,
  };
}
