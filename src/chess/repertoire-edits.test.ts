import { describe, expect, test } from 'vitest';
import { readFixture } from '../../test/fixtures.js';
import { repertoireShape as shape } from '../../test/repertoire-shape.js';
import { chapterLine, chapterLines } from './chapter-lines.js';
import { checkConsistency, type ConsistencyMemo } from './consistency.js';
import { positionKey } from './fen.js';
import { createOpeningBook } from './opening-book.js';
import { applyEdits, applyEditsSteps, isAddedMove, type RepertoireEdit } from './repertoire-edits.js';
import { parseRepertoireLine, START_KEY } from './repertoire-line.js';
import { buildRepertoireFromPgn, type Repertoire } from './repertoire.js';

const STUDY = [
  '[ChapterName "Open"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *',
  '[ChapterName "Sicilian"]\n\n1. e4 c5 2. Nf3 d6 3. d4 *',
  '[ChapterName "Move order"]\n\n1. Nf3 Nc6 2. e4 e5 3. Bc4 *',
].join('\n\n');

const build = (text = STUDY, color: 'white' | 'black' = 'white') => buildRepertoireFromPgn(text, { color }).unwrap();
const add = (line: string): RepertoireEdit => ({ op: 'add', line: parseRepertoireLine(line).unwrap() });
const remove = (line: string): RepertoireEdit => ({ op: 'remove', line: parseRepertoireLine(line).unwrap() });
const keyAfter = (line: string) => parseRepertoireLine(line).unwrap().moves.at(-1)!.toKey;
const sansAt = (rep: Repertoire, line: string) =>
  rep.positions.get(line === '' ? START_KEY : keyAfter(line))?.moves.map((m) => m.san);

/** The same edits done the plain way: moves as a set, and after a removal a walk from the roots. */
const naive = (base: Repertoire, edits: readonly RepertoireEdit[]) => {
  const moves = new Map<string, Map<string, string>>();
  for (const p of base.positions.values()) moves.set(p.key, new Map(p.moves.map((m) => [m.uci, m.to])));
  const roots = [...base.roots];
  for (const edit of edits) {
    if (edit.op === 'add') {
      if (!moves.has(START_KEY)) {
        moves.set(START_KEY, new Map());
        roots.push(START_KEY);
      }
      for (const m of edit.line.moves) {
        moves.get(m.fromKey)!.set(m.uci, m.toKey);
        if (!moves.has(m.toKey)) moves.set(m.toKey, new Map());
      }
      continue;
    }
    const last = edit.line.moves.at(-1)!;
    moves.get(last.fromKey)?.delete(last.uci);
    const seen = new Set(roots);
    const queue = [...roots];
    while (queue.length)
      for (const to of moves.get(queue.pop()!)!.values()) if (!seen.has(to) && seen.add(to)) queue.push(to);
    for (const key of [...moves.keys()]) if (!seen.has(key)) moves.delete(key);
  }
  return {
    positions: new Set(moves.keys()),
    moves: new Set([...moves].flatMap(([key, ms]) => [...ms].map(([uci, to]) => `${key} ${uci} ${to}`))),
  };
};

describe('repertoire edits', () => {
  test('add puts every move of the line in, as moves of the additions chapter, and leaves the base as it was', () => {
    const base = build();
    const before = shape(base);
    const startMoves = base.positions.get(START_KEY)!.moves;
    const edited = applyEdits(base, [add('1. e4 b6 2. d4 Bb7 3. Nc3')]);
    expect(sansAt(edited.rep, '1. e4')).toEqual(['e5', 'c5', 'b6']);
    expect(sansAt(edited.rep, '1. e4 b6')).toEqual(['d4']);
    expect(sansAt(edited.rep, '1. e4 b6 2. d4 Bb7')).toEqual(['Nc3']);
    expect(edited.rep.positions.size).toBe(base.positions.size + 4);
    expect(edited.rep.chapters.at(-1)).toEqual({
      index: 3,
      name: 'Chess Prep additions (White)',
      startFen: expect.any(String),
    });
    const b6 = edited.rep.positions.get(keyAfter('1. e4'))!.moves.find((m) => m.san === 'b6')!;
    expect(isAddedMove(edited, b6)).toBe(true);
    expect(chapterLine(b6, b6.chapters.indexOf(3)).san).toBe('b6');
    // The move through which the line came is the study's own, untouched.
    expect(isAddedMove(edited, edited.rep.positions.get(START_KEY)!.moves[0])).toBe(false);
    expect(shape(base)).toEqual(before);
    expect(base.positions.get(START_KEY)!.moves).toBe(startMoves);
    expect(base.chapters).toHaveLength(3);
    // Untouched positions are shared, not copied.
    expect(edited.rep.positions.get(keyAfter('1. e4 c5 2. Nf3'))).toBe(base.positions.get(keyAfter('1. e4 c5 2. Nf3')));
  });

  test('an added line that transposes into a known position meets it', () => {
    const base = build();
    const edited = applyEdits(base, [add('1. Nf3 Nc6 2. e4 e5 3. Bb5')]);
    // 3. Bb5 after the other move order is the same position as the Open chapter's 3. Bb5.
    expect(keyAfter('1. Nf3 Nc6 2. e4 e5 3. Bb5')).toBe(keyAfter('1. e4 e5 2. Nf3 Nc6 3. Bb5'));
    expect(edited.rep.positions.size).toBe(base.positions.size);
    expect(sansAt(edited.rep, '1. e4 e5 2. Nf3 Nc6')).toEqual(['Bb5', 'Bc4']);
    expect(checkConsistency(edited.rep).positions).toEqual(checkConsistency(base).positions);
  });

  test('remove takes out the last move and what only it reaches; a position reached another way stays', () => {
    const base = build();
    const edited = applyEdits(base, [remove('1. e4')]);
    expect(sansAt(edited.rep, '')).toEqual(['Nf3']);
    for (const gone of ['1. e4', '1. e4 e5', '1. e4 c5 2. Nf3 d6 3. d4'])
      expect(edited.rep.positions.has(keyAfter(gone)), gone).toBe(false);
    // Reached by 1. Nf3 Nc6 2. e4 e5 too: it keeps both of its moves and what they lead to.
    expect(sansAt(edited.rep, '1. e4 e5 2. Nf3 Nc6')).toEqual(['Bb5', 'Bc4']);
    expect(sansAt(edited.rep, '1. e4 e5 2. Nf3 Nc6 3. Bb5')).toEqual(['a6']);
    expect(shape(edited.rep)).toEqual(naive(base, [remove('1. e4')]));
  });

  test('keeping one of two answers clears the consistency conflict', () => {
    const base = build(`${STUDY}\n\n[ChapterName "Other"]\n\n1. e4 e5 2. Bc4 *`);
    const conflicts = (rep: Repertoire) => checkConsistency(rep).positions.map((p) => p.moves.map((m) => m.san));
    expect(conflicts(base)).toEqual([
      ['e4', 'Nf3'],
      ['Bc4', 'Nf3'],
      ['Bb5', 'Bc4'],
    ]);
    const edited = applyEdits(base, [remove('1. e4 e5 2. Bc4'), remove('1. e4 e5 2. Nf3 Nc6 3. Bc4')]);
    expect(conflicts(edited.rep)).toEqual([['e4', 'Nf3']]);
    expect(Object.keys(createOpeningBook(edited.rep))).not.toContain(keyAfter('1. e4 e5 2. Bc4'));
  });

  test('a consistency memo shared by the edited repertoires of one study gives the same answers', () => {
    const base = build(`${STUDY}\n\n[ChapterName "Other"]\n\n1. e4 e5 2. Bc4 *`);
    const memo: ConsistencyMemo = new WeakMap();
    expect(checkConsistency(base, base.name, memo)).toEqual(checkConsistency(base));
    let edited = applyEdits(base, []);
    for (const edit of [add('1. e4 e5 2. d4'), remove('1. e4 e5 2. Bc4'), add('1. Nf3 Nc6 2. e4 e5 3. d4')]) {
      edited = applyEdits(base, [edit], edited);
      expect(checkConsistency(edited.rep, base.name, memo)).toEqual(checkConsistency(edited.rep));
    }
    expect(checkConsistency(edited.rep).positions.map((p) => p.moves.map((m) => m.san))).toEqual([
      ['e4', 'Nf3'],
      ['Nf3', 'd4'],
      ['Bb5', 'Bc4', 'd4'],
    ]);
  });

  test('an added line after a removal brings back only its own moves', () => {
    const base = build();
    const edited = applyEdits(base, [remove('1. e4'), add('1. e4 e5')]);
    expect(sansAt(edited.rep, '1. e4')).toEqual(['e5']);
    expect(sansAt(edited.rep, '1. e4 e5')).toEqual([]);
    expect(edited.effects).toEqual([
      { anchorInBase: true, applied: true },
      { anchorInBase: true, applied: true },
    ]);
  });

  test('removing a move that is not there changes nothing and says so', () => {
    const base = build();
    const edited = applyEdits(base, [remove('1. d4'), remove('1. e4 b6 2. d4')]);
    expect(shape(edited.rep)).toEqual(shape(base));
    expect(edited.effects).toEqual([
      { anchorInBase: true, applied: false },
      { anchorInBase: false, applied: false },
    ]);
  });

  test('removal works on a cycle of positions (knights out and back)', () => {
    const base = build('1. Nf3 Nf6 2. Ng1 Ng8 3. e4 e5 *\n\n1. d4 *');
    const edits = [remove('1. Nf3')];
    const edited = applyEdits(base, edits);
    expect(shape(edited.rep)).toEqual(naive(base, edits));
    // The knights come back to the start (a root), which keeps the moves after it.
    expect(sansAt(edited.rep, '')).toEqual(['e4', 'd4']);
    expect(edited.rep.positions.size).toBe(4);
    expect(edited.rep.positions.has(keyAfter('1. Nf3 Nf6'))).toBe(false);
  });

  test('an add on a repertoire without the standard start (set-up chapters only) makes it a root', () => {
    const base = build('[FEN "4k3/8/8/8/8/8/8/4K3 w - - 0 1"]\n[SetUp "1"]\n\n1. Ke2 *');
    const edited = applyEdits(base, [add('1. d4 d5')]);
    expect(edited.rep.roots).toEqual([...base.roots, START_KEY]);
    expect(base.roots).toHaveLength(1);
    expect(sansAt(edited.rep, '1. d4')).toEqual(['d5']);
  });

  test('applied one after another or all at once, edits give the same repertoire', () => {
    const base = build();
    const edits = [add('1. e4 b6 2. d4'), remove('1. e4 e5 2. Nf3'), add('1. d4 d5 2. c4'), remove('1. e4 b6')];
    const once = applyEdits(base, edits);
    let step = applyEdits(base, []);
    for (const edit of edits) step = applyEdits(base, [edit], step);
    expect(shape(step.rep)).toEqual(shape(once.rep));
    expect(step.effects).toEqual(once.effects);
    expect(step.rep.chapters).toHaveLength(4);
    expect(shape(once.rep)).toEqual(naive(base, edits));
  });

  test('random edits on a real deep study match the plain way of doing them', () => {
    const base = buildRepertoireFromPgn(readFixture('lichess/study_GJ5NRo9a_deep_tree_2024.pgn'), {
      color: 'black',
      lenient: true,
    }).unwrap();
    // Lines of the study itself, and lines that leave it, picked by a fixed sequence.
    const lines: string[] = [];
    for (const p of base.positions.values())
      for (const m of p.moves) for (const step of chapterLines(m)) lines.push(lineOf(step));
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const edits: RepertoireEdit[] = [];
    for (let i = 0; i < 60; i++) {
      const line = lines[Math.floor(next() * lines.length)];
      const parsed = parseRepertoireLine(line);
      if (parsed.isErr) continue;
      if (next() < 0.5) {
        edits.push({ op: 'remove', line: parsed.value });
        continue;
      }
      // The line and one move more that leaves the study (the first of these that is legal there).
      const longer = ['a6', 'h6', 'a3', 'h3', 'Kd7', 'Kd2']
        .map((san) => parseRepertoireLine(`${line} ${san}`))
        .find((r) => r.isOk);
      if (longer?.isOk) edits.push({ op: 'add', line: longer.value });
    }
    expect(edits.length).toBeGreaterThan(40);
    const edited = applyEdits(base, edits);
    expect(shape(edited.rep)).toEqual(naive(base, edits));
    expect(edited.effects.some((e) => e.applied)).toBe(true);
    expect(positionKey(base.positions.values().next().value!.fen)).toBe(base.roots[0]);
  });
});

const lineOf = (step: { san: string; previous: unknown } | undefined): string => {
  const sans: string[] = [];
  for (let s = step as { san: string; previous: unknown } | undefined; s; s = s.previous as typeof s) sans.push(s.san);
  sans.reverse();
  return sans.map((san, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${san}` : san)).join(' ');
};

test('applyEditsSteps pauses after each edit and gives what applyEdits gives, onto a base or an earlier result', () => {
  const base = build();
  const edits = [add('1. e4 b6 2. d4'), remove('1. e4 c5'), add('1. e4 c5 2. c3'), add('1. d4 d5 2. c4')];
  const drain = (steps: Generator<void, ReturnType<typeof applyEdits>>) => {
    let pauses = 0;
    for (let step = steps.next(); ; step = steps.next(), pauses++) if (step.done) return { edited: step.value, pauses };
  };
  const whole = drain(applyEditsSteps(base, edits));
  expect(whole.pauses).toBe(edits.length);
  expect(shape(whole.edited.rep)).toEqual(shape(applyEdits(base, edits).rep));
  const first = applyEdits(base, edits.slice(0, 2));
  const rest = drain(applyEditsSteps(base, edits.slice(2), first));
  expect(rest.pauses).toBe(2);
  expect(shape(rest.edited.rep)).toEqual(shape(whole.edited.rep));
  expect(rest.edited.effects).toEqual(whole.edited.effects);
});
