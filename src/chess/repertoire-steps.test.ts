import { describe, expect, test } from 'vitest';
import { buildRepertoireFromPgn, buildRepertoireSteps, type RepertoireOptions } from './repertoire.js';
import { readFixture } from '../../test/fixtures.js';
import { generateStudy } from '../../bench/generated-study.js';

/** Runs the steps to the end, counting the pauses. */
const drain = (text: string, options: RepertoireOptions) => {
  const steps = buildRepertoireSteps(text, options);
  let pauses = 0;
  for (;;) {
    const next = steps.next();
    if (next.done) return { result: next.value, pauses };
    pauses++;
  }
};

const pgnFixtures = [
  'lichess/study_GJ5NRo9a_deep_tree_2024.pgn',
  'lichess/study_HIs6KLhc_gamebook_2025.pgn',
  'lichess/study_LKbBDz6U_glyphs_2023.pgn',
  'lichess/study_chapter_8c8bmUfy_current_format_2026.pgn',
  'lichess/study_chapter_Vl9LYHvz_SruboJ1x_2024.pgn',
  'lichess/study_i5a1oOJH_ruy_lopez_2021.pgn',
  'lichess/games_user_thibault_2025.pgn',
  'lichess/game_export_q7ZvsdUF_evals_literate_2026.pgn',
];

describe('the repertoire built a game at a time', () => {
  test.each(pgnFixtures)('equals the whole build for %s, both colours, with exclusions', (path) => {
    const text = readFixture(path);
    for (const options of [
      { color: 'white', excludeSymbols: ['?', '??'] },
      { color: 'black', name: 'Named' },
      { color: 'white', lenient: true },
    ] satisfies RepertoireOptions[]) {
      const whole = buildRepertoireFromPgn(text, options);
      const { result, pauses } = drain(text, options);
      expect(result.isOk).toBe(whole.isOk);
      if (whole.isOk && result.isOk) {
        expect(result.value).toEqual(whole.value);
        expect(pauses).toBe(whole.value.chapters.length);
      }
    }
  });

  test('equals the whole build on a generated study of a few thousand positions', () => {
    const text = generateStudy(40);
    const whole = buildRepertoireFromPgn(text, { color: 'white' }).unwrap();
    const { result, pauses } = drain(text, { color: 'white' });
    expect(result.unwrap()).toEqual(whole);
    expect(pauses).toBe(40);
  });

  test.each([
    ['an illegal move', '[Event "A"]\n\n1. e4 e5 *\n\n[Event "B"]\n\n1. e4 e5 2. Ke3 *\n'],
    ['unbalanced brackets', '[Event "A"]\n\n1. e4 (1. d4 *\n'],
    ['no PGN', 'hello\n'],
    ['nothing', ''],
    ['a bad FEN tag', '[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n1. e4 *\n'],
  ])('fails with the same words as the whole build on %s', (_, text) => {
    const whole = buildRepertoireFromPgn(text, { color: 'white' });
    const { result } = drain(text, { color: 'white' });
    expect(whole.isErr).toBe(true);
    expect(result.isErr).toBe(true);
    if (whole.isErr && result.isErr) {
      expect(result.error.message).toBe(whole.error.message);
      expect(result.error.code).toBe(whole.error.code);
    }
  });

  test('a game split across the parser’s reading steps is read whole', () => {
    // Enough chapters that several cross the 16 KB steps in which the text is read.
    const text = generateStudy(180);
    expect(text.length).toBeGreaterThan(3 * 16 * 1024);
    expect(drain(text, { color: 'black' }).result.unwrap()).toEqual(
      buildRepertoireFromPgn(text, { color: 'black' }).unwrap(),
    );
  });
});
