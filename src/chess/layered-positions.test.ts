import { Chess } from 'chessops/chess';
import { makeSanAndPlay } from 'chessops/san';
import { describe, expect, test } from 'vitest';
import { repertoireShape as shape } from '../../test/repertoire-shape.js';
import { LayeredPositions, MAX_CHANGES } from './layered-positions.js';
import { applyEdits, type EditedRepertoire, type RepertoireEdit } from './repertoire-edits.js';
import { parseRepertoireLine } from './repertoire-line.js';
import { buildRepertoireFromPgn, type RepertoirePosition } from './repertoire.js';

const position = (key: string): RepertoirePosition => ({
  key,
  fen: `${key} 0 1`,
  turn: 'white',
  moveNumber: 1,
  moves: [],
});

describe('LayeredPositions', () => {
  const below = new Map(['a', 'b', 'c', 'd'].map((key) => [key, position(key)]));
  const b2 = position('b');
  const e = position('e');
  const layered = LayeredPositions.over(below).with(
    new Map([
      ['b', b2],
      ['c', null],
      ['e', e],
      ['x', null],
    ]),
  );

  test('reads changes over the shared map: replaced, taken out, added', () => {
    expect(layered.get('a')).toBe(below.get('a'));
    expect(layered.get('b')).toBe(b2);
    expect(layered.get('c')).toBeUndefined();
    expect(layered.has('c')).toBe(false);
    expect(layered.has('e')).toBe(true);
    expect(layered.has('x')).toBe(false);
    expect(layered.size).toBe(4);
    expect(below.size).toBe(4);
    expect(below.get('b')).not.toBe(b2);
  });

  test('iterates in the shared order, changed positions in place, added ones last, every way alike', () => {
    expect([...layered.keys()]).toEqual(['a', 'b', 'd', 'e']);
    expect([...layered.values()]).toEqual([below.get('a'), b2, below.get('d'), e]);
    expect([...layered]).toEqual([...layered.entries()]);
    expect(new Map(layered)).toEqual(new Map([...layered.keys()].map((k) => [k, layered.get(k)])));
    const seen: string[] = [];
    layered.forEach((p, key, map) => {
      expect(map).toBe(layered);
      seen.push(`${key}=${p.key}`);
    });
    expect(seen).toEqual(['a=a', 'b=b', 'd=d', 'e=e']);
  });

  test('a layered map is its own layer, and without changes reads as the shared map', () => {
    expect(LayeredPositions.over(layered)).toBe(layered);
    const bare = LayeredPositions.over(below);
    expect([...bare.entries()]).toEqual([...below.entries()]);
    expect(bare.size).toBe(4);
  });
});

/** A legal line of `plies` moves from 1. h3 or 1. a3, picked by a fixed sequence. */
const randomLines = (count: number, plies: number): string[] => {
  let seed = 11;
  const pick = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % n;
  };
  return Array.from({ length: count }, () => {
    const pos = Chess.default();
    // h2-h3 or a2-a3: the base plays 1. e4 only.
    const from = pick(2) === 0 ? 15 : 8;
    const sans = [makeSanAndPlay(pos, { from, to: from + 8 })];
    while (sans.length < plies) {
      const moves = [...pos.allDests()].flatMap(([from, dests]) => [...dests].map((to) => ({ from, to })));
      const legal = moves.filter(
        (m) => !(pos.board.get(m.from)?.role === 'pawn' && (m.to >> 3 === 0 || m.to >> 3 === 7)),
      );
      if (legal.length === 0) break;
      sans.push(makeSanAndPlay(pos, legal[pick(legal.length)]));
    }
    return sans.map((san, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${san}` : san)).join(' ');
  });
};

test('edits past MAX_CHANGES, one request at a time, fold into a map of their own and read as one application', () => {
  const base = buildRepertoireFromPgn('[ChapterName "Main"]\n\n1. e4 e5 2. Nf3 Nc6 (2... d6 3. d4) 3. Bb5 *', {
    color: 'white',
  }).unwrap();
  const baseShape = shape(base);
  const lines = randomLines(100, 100);
  const edits: RepertoireEdit[] = lines.map((line) => ({ op: 'add', line: parseRepertoireLine(line).unwrap() }));
  // A removal in the middle, of a line added earlier.
  edits.splice(60, 0, { op: 'remove', line: edits[10].line });
  const once = applyEdits(base, edits);
  let chained: EditedRepertoire = applyEdits(base, []);
  const kept: { edited: EditedRepertoire; shape: ReturnType<typeof shape> }[] = [];
  let folded = false;
  for (const edit of edits) {
    chained = applyEdits(base, [edit], chained);
    if (!(chained.rep.positions instanceof LayeredPositions)) folded = true;
    if (kept.length < 5) kept.push({ edited: chained, shape: shape(chained.rep) });
  }
  expect(once.rep.positions.size).toBeGreaterThan(MAX_CHANGES);
  expect(folded).toBe(true);
  expect(shape(chained.rep)).toEqual(shape(once.rep));
  expect(chained.rep.positions.size).toBe([...chained.rep.positions.keys()].length);
  expect(chained.effects).toEqual(once.effects);
  // Earlier results are unchanged by the edits applied over them.
  for (const { edited, shape: before } of kept) expect(shape(edited.rep)).toEqual(before);
  expect(shape(base)).toEqual(baseShape);
});
