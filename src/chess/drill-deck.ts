/**
 * The drill deck of a repertoire: one item per position with the player to move and at least one
 * repertoire move (exclusions already applied by the repertoire); its answers are those moves, its
 * line a shortest line to it from a chapter start (the first in text order), its order the
 * breadth-first order of the study.
 * `diffDrillDeck` compares a fresh deck with the stored items: what to add, retire, change, or bring back.
 *
 *   buildDrillDeck(buildRepertoireFromPgn('1. e4 e5 2. Nf3 *', { color: 'white' }).unwrap())
 *   -> [{ key: <start>, line: '', answers: [{ uci: 'e2e4', san: 'e4' }], ord: 0, ... },
 *       { key: <after 1. e4 e5>, line: '1. e4 e5', answers: [{ uci: 'g1f3', san: 'Nf3' }], ord: 1, ... }]
 */
import type { Repertoire, RepertoireMove } from './repertoire.js';

export interface DrillAnswer {
  uci: string;
  san: string;
}

export interface DrillChapterRef {
  index: number;
  name: string;
}

export interface DrillDeckItem {
  /** Position key (FEN without move counters). */
  key: string;
  fen: string;
  /** Movetext of a shortest line from the chapter start ('' at the start itself). */
  line: string;
  /** Full FEN the line starts from. */
  startFen: string;
  moveNumber: number;
  answers: DrillAnswer[];
  /** 0-based breadth-first order of the study: New items are served in this order. */
  ord: number;
  /** Chapters that play a move here, in study order. */
  chapters: DrillChapterRef[];
}

/** One deck item per own-colour position with a repertoire move, in breadth-first study order. */
export const buildDrillDeck = (rep: Repertoire): DrillDeckItem[] => {
  const builder = drillDeckBuilder(rep);
  while (builder.step(Infinity));
  return builder.deck;
};

/** A deck built a few positions at a time, so a caller can let other work run between steps. */
export interface DrillDeckBuilder {
  /** Walks up to `positions` more positions; false once the whole repertoire is walked. */
  step(positions: number): boolean;
  /** The items found so far (all of them once step has returned false). */
  readonly deck: DrillDeckItem[];
}

export const drillDeckBuilder = (rep: Repertoire): DrillDeckBuilder => {
  // Each position's shortest line is its parent's line plus one move, so lines are written as the
  // walk goes, in the form makeLinePgn gives ('1. e4 e5 2. Nf3', '3... Nc6' from a set-up position).
  interface Reached {
    startFen: string;
    line: string;
    /** Moves from the chapter start. */
    depth: number;
    /** Move number and side of the next move on the line. */
    fullmoves: number;
    white: boolean;
  }
  const reached = new Map<string, Reached>();
  const queue: string[] = [];
  for (const root of rep.roots) {
    if (reached.has(root)) continue;
    const chapter = rep.chapters.find((c) => positionKeyOf(c.startFen) === root);
    const startFen = chapter?.startFen ?? rep.positions.get(root)!.fen;
    const fields = startFen.split(' ');
    reached.set(root, {
      startFen,
      line: '',
      depth: 0,
      fullmoves: Math.max(1, parseInt(fields[5], 10) || 1),
      white: fields[1] !== 'b',
    });
    queue.push(root);
  }
  const deck: DrillDeckItem[] = [];
  const playing = chapterLists(rep);
  let next = 0;
  const visit = (key: string) => {
    const position = rep.positions.get(key);
    if (!position) return;
    const at = reached.get(key)!;
    if (position.turn === rep.color && position.moves.length > 0) {
      deck.push({
        key,
        fen: position.fen,
        line: at.line,
        startFen: at.startFen,
        moveNumber: position.moveNumber,
        answers: position.moves.map((m) => ({ uci: m.uci, san: m.san })),
        ord: deck.length,
        chapters: playing(position.moves),
      });
    }
    for (const move of position.moves) {
      const token = at.white
        ? `${at.fullmoves}. ${move.san}`
        : at.line === ''
          ? `${at.fullmoves}... ${move.san}`
          : move.san;
      const line = at.line === '' ? token : `${at.line} ${token}`;
      const known = reached.get(move.to);
      if (known) {
        // Of two shortest lines (a transposition), the first in text order: the line does not
        // depend on the order of the chapters, so adding or removing one rewrites few items.
        // Breadth-first, every parent at this depth is seen before the position's own children.
        if (known.depth === at.depth + 1 && known.startFen === at.startFen && line < known.line) known.line = line;
        continue;
      }
      reached.set(move.to, {
        startFen: at.startFen,
        line,
        depth: at.depth + 1,
        fullmoves: at.white ? at.fullmoves : at.fullmoves + 1,
        white: !at.white,
      });
      queue.push(move.to);
    }
  };
  return {
    deck,
    step(positions: number): boolean {
      for (let walked = 0; walked < positions && next < queue.length; walked++) visit(queue[next++]);
      return next < queue.length;
    },
  };
};

/**
 * The chapters that play any of the moves, in study order. Items share their lists (read only): one
 * reference per chapter, one list per chapter list of a single move (a repertoire shares those).
 */
const chapterLists = (rep: Repertoire) => {
  const refs: DrillChapterRef[] = [];
  const ref = (index: number) => (refs[index] ??= { index, name: rep.chapters[index]?.name ?? '' });
  const lists = new WeakMap<readonly number[], DrillChapterRef[]>();
  return (moves: readonly RepertoireMove[]): DrillChapterRef[] => {
    if (moves.length > 1) return [...new Set(moves.flatMap((m) => m.chapters))].sort((a, b) => a - b).map(ref);
    let list = lists.get(moves[0].chapters);
    if (!list) lists.set(moves[0].chapters, (list = moves[0].chapters.map(ref)));
    return list;
  };
};

const positionKeyOf = (fen: string): string => fen.trim().split(/\s+/).slice(0, 4).join(' ');

/** What is stored of an item, enough to compare it with the deck. */
export interface StoredDrillItem {
  key: string;
  answers: readonly DrillAnswer[];
  retired: boolean;
}

export interface DrillDeckDiff {
  /** Deck items with no stored item: stored as New. */
  added: DrillDeckItem[];
  /** Keys of active stored items no longer in the deck: retired, history kept. */
  retired: string[];
  /** Deck items whose stored (active) item has other answers: marked changed and due now. */
  changed: DrillDeckItem[];
  /** Deck items whose stored item was retired: active again with their history (and answers refreshed). */
  returning: DrillDeckItem[];
  /** Deck items whose stored item is active with the same answers. */
  same: DrillDeckItem[];
}

/** Answers compared as a set of moves: the order of the study's chapters does not matter. */
export const sameAnswers = (a: readonly DrillAnswer[], b: readonly DrillAnswer[]): boolean => {
  if (a.length !== b.length) return false;
  const ucis = new Set(a.map((x) => x.uci));
  return b.every((x) => ucis.has(x.uci));
};

/** The whole comparison: diffStoredItems, and the deck items that have no stored item as added. */
export const diffDrillDeck = (deck: readonly DrillDeckItem[], stored: readonly StoredDrillItem[]): DrillDeckDiff => {
  const storedKeys = new Set(stored.map((s) => s.key));
  return {
    added: deck.filter((item) => !storedKeys.has(item.key)),
    ...diffStoredItems(new Map(deck.map((item) => [item.key, item])), stored),
  };
};

/**
 * The stored items compared with the deck, looked up in an index of it by key, in the stored items'
 * order; everything but `added`. Costs one lookup per stored item, whatever the size of the deck.
 */
export const diffStoredItems = (
  deckByKey: ReadonlyMap<string, DrillDeckItem>,
  stored: readonly StoredDrillItem[],
): Omit<DrillDeckDiff, 'added'> => {
  const diff: Omit<DrillDeckDiff, 'added'> = { retired: [], changed: [], returning: [], same: [] };
  for (const s of stored) {
    const item = deckByKey.get(s.key);
    if (!item) {
      if (!s.retired) diff.retired.push(s.key);
    } else if (s.retired) diff.returning.push(item);
    else if (!sameAnswers(s.answers, item.answers)) diff.changed.push(item);
    else diff.same.push(item);
  }
  return diff;
};
