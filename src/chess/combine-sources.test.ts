import { describe, expect, test } from 'vitest';
import { combineSources } from './combine-sources.js';
import { checkConsistency } from './consistency.js';
import { buildRepertoireFromPgn, findPosition } from './repertoire.js';

const build = (text: string) => buildRepertoireFromPgn(text, { color: 'black' }).unwrap();
const keys = (text: string) => [...build(text).positions.keys()].sort();

// 1. d4 Nf6 2. c4 e6 and 1. c4 e6 2. d4 Nf6 reach the same position.
const d4 =
  '[Event "Against d4: Main"]\n[Site "https://lichess.org/study/abcdEFGH/aaaaAAAA"]\n\n1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 *\n';
const english = '[ChapterName "English"]\n\n1. c4 e6 2. d4 Nf6 3. Nf3 b6 *\n';

describe('combineSources', () => {
  test('two sources with a transposition read as one tree', () => {
    const combined = combineSources([
      { name: 'Nimzo', text: d4, excludeSymbols: [] },
      { name: 'Course', text: english, excludeSymbols: [] },
    ]).unwrap();
    const rep = build(combined);
    expect([...rep.positions.keys()].sort()).toEqual([...new Set([...keys(d4), ...keys(english)])].sort());
    // The position after 2. c4 e6 / 2. d4 Nf6 is met from both chapters and answers both ways on.
    const met = findPosition(rep, 'rnbqkb1r/pppp1ppp/4pn2/8/2PP4/8/PP2PPPP/RNBQKBNR w KQkq - 0 3');
    expect(met?.moves.map((m) => m.san).sort()).toEqual(['Nc3', 'Nf3']);
  });

  test('each chapter is named by its source and its own name', () => {
    const combined = combineSources([
      { name: 'Nimzo', text: d4, excludeSymbols: [] },
      { name: 'Course', text: english, excludeSymbols: [] },
    ]).unwrap();
    expect(build(combined).chapters.map((c) => c.name)).toEqual(['Nimzo: Main', 'Course: English']);
  });

  test("a source's excluded moves leave with their continuation, another source's are kept", () => {
    const a = '1. e4 c5 (1... e5? 2. Nf3 Nc6) 2. Nf3 d6 *';
    const b = '1. e4 e5? 2. Nf3 Nc6 3. Bb5 a6 *';
    const combined = combineSources([
      { name: 'A', text: a, excludeSymbols: ['?'] },
      { name: 'B', text: b, excludeSymbols: [] },
    ]).unwrap();
    const rep = build(combined);
    const start = rep.positions.get(rep.roots[0])!;
    const e4 = rep.positions.get(start.moves[0].to)!;
    expect(e4.moves.map((m) => m.san).sort()).toEqual(['c5', 'e5']);
    const e5 = e4.moves.find((m) => m.san === 'e5')!;
    expect(e5.chapters.map((c) => rep.chapters[c].name)).toEqual(['B: Game 1']);
  });

  test('comments, glyphs and shapes are kept', () => {
    const text = '1. e4 { Best by test [%cal Ge2e4] } 1... c5!? $14 *';
    const combined = combineSources([
      { name: 'A', text, excludeSymbols: [] },
      { name: 'B', text: english, excludeSymbols: [] },
    ]).unwrap();
    expect(combined).toContain('{ Best by test [%cal Ge2e4] }');
    expect(combined).toContain('c5 $5 $14');
  });

  test('a conflict across sources names both', () => {
    const combined = combineSources([
      { name: 'Najdorf', text: '1. e4 c5 *', excludeSymbols: [] },
      { name: 'Classical', text: '1. e4 e5 *', excludeSymbols: [] },
    ]).unwrap();
    const found = checkConsistency(build(combined)).positions;
    expect(found).toHaveLength(1);
    expect(JSON.stringify(found[0])).toContain('Najdorf: Game 1');
    expect(JSON.stringify(found[0])).toContain('Classical: Game 1');
  });

  test('a source that is not PGN fails', () => {
    expect(combineSources([{ name: 'A', text: '', excludeSymbols: [] }]).isErr).toBe(true);
  });
});
