// The fast replay and build give exactly what chessops alone gives, read the plainest way: every
// played move (SAN, UCI, FEN, comments, NAGs) and every repertoire position, move, count and line.
import { describe, expect, test } from 'vitest';
import { generateStudy } from '../../bench/generated-study.js';
import { readFixture } from '../../test/fixtures.js';
import {
  awkwardStudy,
  pgnFixtures,
  playedLines,
  referenceBuild,
  referenceParseGames,
  repertoireLines,
} from '../../test/repertoire-reference.js';
import type { ExcludeSymbol } from './exclude-symbols.js';
import { bookPositions } from './opening-book.js';
import { comparePositions } from './order.js';
import { parseGames } from './pgn.js';
import {
  buildRepertoire,
  buildRepertoireFromPgn,
  buildRepertoireSteps,
  COLORS,
  type Repertoire,
  type RepertoireOptions,
} from './repertoire.js';

/** buildRepertoireSteps run to its end. */
const stepped = (text: string, options: RepertoireOptions): Repertoire => {
  const steps = buildRepertoireSteps(text, options);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value.unwrap();
  }
};

/** Same lines in the same order; a mismatch is shown as the first line that differs. */
const expectSameLines = (actual: string[], expected: string[]) => {
  const at = actual.findIndex((line, i) => line !== expected[i]);
  if (at >= 0) expect(actual[at]).toBe(expected[at]);
  expect(actual.length).toBe(expected.length);
};

/** The book lists its positions in report order, as sorting them with comparePositions gives. */
const expectSameOrder = (rep: Repertoire) => {
  const expected = [...rep.positions.values()].filter((p) => p.moves.length > 0).sort(comparePositions);
  expect(bookPositions(rep).map((p) => p.key)).toEqual(expected.map((p) => p.key));
  expect(new Set(expected.map((p) => p.moveNumber)).size).toBeGreaterThan(10);
};

const ALL: ExcludeSymbol[] = ['?', '??', '!?', '?!'];

const expectSameBuild = (text: string, lenient: boolean) => {
  const reference = referenceParseGames(text, lenient);
  const games = parseGames(text, { lenient });
  expect(games.isOk).toBe(reference !== undefined);
  if (!games.isOk || !reference) return 0;
  expectSameLines(playedLines(games.value), playedLines(reference));
  let positions = 0;
  for (const color of COLORS)
    for (const excludeSymbols of [[], ALL, ['?!'] as ExcludeSymbol[]]) {
      const options = { color, excludeSymbols, lenient };
      const built = buildRepertoireFromPgn(text, options).unwrap();
      const expected = repertoireLines(referenceBuild(reference, options));
      expectSameLines(repertoireLines(built), expected);
      expectSameLines(repertoireLines(buildRepertoire(games.value, options)), expected);
      expectSameLines(repertoireLines(stepped(text, options)), expected);
      positions += built.positions.size;
    }
  return positions;
};

describe('the repertoire build against chessops', () => {
  test.each(pgnFixtures())('fixture %s', (path) => {
    const text = readFixture(path);
    expect(expectSameBuild(text, false) + expectSameBuild(text, true)).toBeGreaterThan(0);
  });

  test('the generated 100,000-position study', () => {
    const text = generateStudy(780);
    const reference = referenceParseGames(text)!;
    const options = { color: 'white' as const };
    const built = buildRepertoireFromPgn(text, options).unwrap();
    expect(built.positions.size).toBeGreaterThan(95_000);
    expectSameLines(repertoireLines(built), repertoireLines(referenceBuild(reference, options)));
    expectSameLines(playedLines(parseGames(text).unwrap()), playedLines(reference));
    expectSameOrder(built);
    // Four full builds of 100,000 positions: some 15 s on a quiet 2-core machine, twice that when it is busy.
  }, 120_000);

  test('long random games written awkwardly (checks, disambiguation, castling, promotions, set-ups)', () => {
    const text = awkwardStudy(60, 7);
    expect(expectSameBuild(text, false)).toBeGreaterThan(10_000);
    expectSameOrder(buildRepertoireFromPgn(text, { color: 'black' }).unwrap());
    // Over 10,000 positions checked against chessops's own replay: slow on a busy 2-core machine.
  }, 120_000);

  test('illegal moves: the same failure, or the same moves cut when lenient', () => {
    const text = awkwardStudy(8, 11)
      .replace(/ (\d+)\. ([NBRQ]?[a-h][1-8]) /, ' $1. Nxa1 ')
      .replace(/\n\n1\. /, '\n\n1. e4 e5 2. Nf6 (2. Qh8) ');
    expect(parseGames(text).isErr).toBe(true);
    expect(referenceParseGames(text)).toBeUndefined();
    const lenient = parseGames(text, { lenient: true }).unwrap();
    expect(lenient.flatMap((g) => g.warnings).length).toBeGreaterThan(0);
    expectSameBuild(text, true);
  });

  test('a text that cannot be read fails the build as it fails parseGames, the reader first', () => {
    const illegal = '1. e4 e5 2. Nf6 *';
    for (const [text, code] of [
      [`${illegal}\n\n{ only a comment }\n`, 'not_pgn'],
      [`${illegal}\n\n1. d4 (1. e4`, 'brackets'],
      ['', 'empty'],
      [`${illegal}\n\n[Variant "Atomic"]\n\n1. e4 *`, 'illegal_move'],
      [`[Variant "Atomic"]\n\n1. e4 *\n\n${illegal}`, 'variant'],
      ['[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n*', 'bad_setup'],
    ]) {
      const built = buildRepertoireFromPgn(text, { color: 'white' });
      const games = parseGames(text);
      expect(built.isErr && games.isErr).toBe(true);
      if (!built.isErr || !games.isErr) continue;
      expect(built.error.code).toBe(code);
      expect(built.error).toEqual(games.error);
      expect(built.error.message).toBe(games.error.message);
    }
  });
});
