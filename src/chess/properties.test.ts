// Property tests: written PGN reads back with the same moves, and chapter order never
// changes the opening book or the consistency result.
import fc from 'fast-check';
import { Chess } from 'chessops/chess';
import { ChildNode, Node, defaultHeaders, type Game, type PgnNodeData } from 'chessops/pgn';
import { makeSanAndPlay } from 'chessops/san';
import { makeUci } from 'chessops/util';
import type { Move, NormalMove } from 'chessops/types';
import { describe, expect, test } from 'vitest';
import { checkConsistency, type ConsistencyPosition } from './consistency.js';
import { createOpeningBook, type OpeningBook } from './opening-book.js';
import { makePgnText } from './pgn-write.js';
import { parseGames, type PlayedGame } from './pgn.js';
import { buildRepertoire } from './repertoire.js';

const legalMoves = (pos: Chess): NormalMove[] => {
  const moves: NormalMove[] = [];
  for (const [from, dests] of pos.allDests()) {
    const pawn = pos.board.get(from)?.role === 'pawn';
    for (const to of dests)
      moves.push(pawn && (to >> 3 === 0 || to >> 3 === 7) ? { from, to, promotion: 'queen' } : { from, to });
  }
  return moves.sort((a, b) => (makeUci(a) < makeUci(b) ? -1 : 1));
};

interface Spec {
  choices: number[];
  nags: number[];
  comments: string[];
  variations: Spec[];
}

const specArb: fc.Memo<Spec> = fc.memo((depth) =>
  fc.record({
    choices: fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
    nags: fc.array(fc.integer({ min: 1, max: 6 }), { maxLength: 2 }),
    comments: fc.array(fc.stringMatching(/^[a-z0-9 .,%]{1,40}$/), { maxLength: 2 }),
    variations: depth > 1 ? fc.array(specArb(depth - 1), { maxLength: 2 }) : fc.constant([]),
  }),
);

// Plays spec.choices from pos under parent; variations branch off the spec's first move.
const grow = (parent: Node<PgnNodeData>, pos: Chess, spec: Spec, breadth: number): void => {
  let node = parent;
  spec.choices.forEach((choice, i) => {
    const moves = legalMoves(pos);
    if (moves.length === 0) return;
    const move: Move = moves[choice % Math.min(breadth, moves.length)];
    const before = pos.clone();
    const data: PgnNodeData = { san: makeSanAndPlay(pos, move) };
    if (i === 0 && spec.nags.length > 0) data.nags = [...spec.nags];
    if (i === 0 && spec.comments.length > 0) data.comments = [...spec.comments];
    const child = new ChildNode(data);
    node.children.push(child);
    if (i === 0) for (const v of spec.variations) grow(node, before.clone(), v, breadth);
    node = child;
  });
};

const treeOf = (node: Node<{ san: string; nags?: number[]; comments?: string[] }>): unknown[] =>
  node.children.map((c) => [
    c.data.san,
    c.data.nags ?? [],
    (c.data.comments ?? []).map((t) => t.replace(/\s+/g, ' ').trim()),
    treeOf(c),
  ]);

describe('PGN round trip', () => {
  test('PGN written and parsed back gives the same moves, NAGs and comments', () => {
    fc.assert(
      fc.property(specArb(3), (spec) => {
        const game: Game<PgnNodeData> = { headers: defaultHeaders(), moves: new Node() };
        grow(game.moves, Chess.default(), spec, 40);
        const text = makePgnText(game);
        const movetext = text.slice(text.indexOf('\n\n') + 2);
        for (const line of movetext.split('\n')) expect(line.length <= 80 || !line.includes(' ')).toBe(true);
        const [back] = parseGames(text).unwrap();
        expect(treeOf(back.moves)).toEqual(treeOf(game.moves));
      }),
      { numRuns: 200 },
    );
  });
});

// Chapter names are unique, so sorting them removes the only trace of chapter order.
const normaliseBook = (book: OpeningBook) =>
  Object.fromEntries(
    Object.entries(book).map(([k, e]) => [
      k,
      {
        ...e,
        moves: Object.fromEntries(
          Object.entries(e.moves).map(([s, m]) => [s, { ...m, chapters: [...m.chapters].sort() }]),
        ),
      },
    ]),
  );
const normaliseConsistency = (ps: ConsistencyPosition[]) =>
  ps.map((p) => ({
    ...p,
    moves: p.moves.map((m) => ({ ...m, chapters: [...m.chapters].sort((a, b) => (a.name < b.name ? -1 : 1)) })),
  }));

const chapterText = (specs: Spec[]) =>
  specs
    .map((spec, i) => {
      const game: Game<PgnNodeData> = { headers: new Map([['ChapterName', `C${i}`]]), moves: new Node() };
      grow(game.moves, Chess.default(), spec, 3);
      return makePgnText(game);
    })
    .join('\n\n');

describe('chapter order', () => {
  test('a repertoire built from chapters in any order gives the same book and consistency result', () => {
    fc.assert(
      fc.property(
        fc.array(specArb(2), { minLength: 2, maxLength: 8 }),
        fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
        fc.constantFrom('white' as const, 'black' as const),
        fc.subarray(['?', '??', '!?', '?!'] as const),
        (specs, keys, color, excludeSymbols) => {
          const games = parseGames(chapterText(specs)).unwrap();
          const order = games.map((g, i) => [keys[i], i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
          const shuffled: PlayedGame[] = order.map(([, i]) => games[i]);
          const a = buildRepertoire(games, { color, excludeSymbols });
          const b = buildRepertoire(shuffled, { color, excludeSymbols });
          expect(normaliseBook(createOpeningBook(b))).toEqual(normaliseBook(createOpeningBook(a)));
          expect(normaliseConsistency(checkConsistency(b).positions)).toEqual(
            normaliseConsistency(checkConsistency(a).positions),
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
