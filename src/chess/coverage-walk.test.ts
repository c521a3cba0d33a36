import fc from 'fast-check';
import { Chess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan, makeSanAndPlay } from 'chessops/san';
import { makeUci } from 'chessops/util';
import type { NormalMove } from 'chessops/types';
import { describe, expect, test } from 'vitest';
import { coveragePositions, coverageReport, type PositionStats } from './coverage.js';
import {
  CoverageWalk,
  estimateLookupsUntilSettled,
  holesOfReport,
  type CoverageWalkSnapshot,
} from './coverage-walk.js';
import { buildRepertoireFromPgn, type Repertoire } from './repertoire.js';

const fenAfter = (sans: string[]): string => {
  const pos = Chess.default();
  for (const san of sans) {
    const move = legalMoves(pos).find((m) => makeSan(pos, m) === san)!;
    pos.play(move);
  }
  return makeFen(pos.toSetup());
};

const legalMoves = (pos: Chess): NormalMove[] => {
  const moves: NormalMove[] = [];
  for (const [from, dests] of pos.allDests()) for (const to of dests) moves.push({ from, to });
  return moves.sort((a, b) => (makeUci(a) < makeUci(b) ? -1 : 1));
};

/** Explorer-like statistics at a position: SAN and game count per move. */
const statsAt = (fen: string, counts: [string, number][]): PositionStats => {
  const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  const moves = counts.map(([san, games]) => {
    const move = legalMoves(pos).find((m) => makeSan(pos, m) === san)!;
    return { uci: makeUci(move), san, white: games, draws: 0, black: 0 };
  });
  const games = counts.reduce((n, [, g]) => n + g, 0);
  return { white: games, draws: 0, black: 0, moves };
};

/** Runs the walk to the end; the snapshot after each lookup and the keys in lookup order. */
const runWalk = (rep: Repertoire, stats: Map<string, PositionStats>) => {
  const walk = new CoverageWalk(rep);
  const order: string[] = [];
  const steps: CoverageWalkSnapshot[] = [];
  const reaches: number[] = [];
  for (let next = walk.nextPosition(); next; next = walk.nextPosition()) {
    order.push(next.fen);
    reaches.push(walk.bound);
    walk.addStats(next.key, stats.get(next.fen) ?? { white: 0, draws: 0, black: 0, moves: [] });
    steps.push(walk.snapshot(1000));
  }
  return { walk, order, steps, reaches };
};

const OPEN = ['e4'];
const AFTER_E4 = fenAfter(OPEN);
const AFTER_E5_NF3 = fenAfter(['e4', 'e5', 'Nf3']);
const AFTER_C5_NF3 = fenAfter(['e4', 'c5', 'Nf3']);
const open = buildRepertoireFromPgn('1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n1. e4 c5 2. Nf3 d6 3. d4 *', {
  color: 'white',
  name: 'Open',
}).unwrap();
const openStats = new Map([
  [
    AFTER_E4,
    statsAt(AFTER_E4, [
      ['e5', 50],
      ['c5', 30],
      ['e6', 20],
    ]),
  ],
  [
    AFTER_E5_NF3,
    statsAt(AFTER_E5_NF3, [
      ['Nc6', 60],
      ['d6', 40],
    ]),
  ],
  [
    AFTER_C5_NF3,
    statsAt(AFTER_C5_NF3, [
      ['d6', 50],
      ['Nc6', 30],
      ['e6', 20],
    ]),
  ],
]);

describe('best-first coverage walk', () => {
  test('positions are looked up in decreasing reach, with holes, bound and settled after each step', () => {
    const { order, steps } = runWalk(open, openStats);
    expect(order).toEqual([AFTER_E4, AFTER_E5_NF3, AFTER_C5_NF3]);
    const brief = (s: CoverageWalkSnapshot) => ({
      holes: s.holes.map((h) => [h.line, +h.reach.toFixed(4), +h.share.toFixed(4), h.games]),
      settled: s.settled,
      bound: +s.bound.toFixed(4),
      done: s.done,
    });
    expect(steps.map(brief)).toEqual([
      // After 1. e4: e6 (20%) is a hole of reach 0.2; 1. e4 e5 2. Nf3 (0.5) is still to look up.
      { holes: [['1. e4 e6', 0.2, 0.2, 20]], settled: 0, bound: 0.5, done: 1 },
      // 0.5 x 40% = 0.2 ties with 1...e6; the tie goes by line.
      {
        holes: [
          ['1. e4 e5 2. Nf3 d6', 0.2, 0.4, 40],
          ['1. e4 e6', 0.2, 0.2, 20],
        ],
        settled: 0,
        bound: 0.3,
        done: 2,
      },
      {
        holes: [
          ['1. e4 e5 2. Nf3 d6', 0.2, 0.4, 40],
          ['1. e4 e6', 0.2, 0.2, 20],
          ['1. e4 c5 2. Nf3 Nc6', 0.09, 0.3, 30],
          ['1. e4 c5 2. Nf3 e6', 0.06, 0.2, 20],
        ],
        settled: 4,
        bound: 0,
        done: 3,
      },
    ]);
    expect(steps[2].holes[0]).toMatchObject({ fen: AFTER_E5_NF3, san: 'd6', uci: 'd7d6' });
  });

  test('a hole is settled once no position still to look up can reach as far', () => {
    // After 1. e4 with e6 at 60%: its reach 0.6 beats the 0.25 and 0.15 still to look up; then
    // 1. e4 e5 2. Nf3 d6 (0.25 x 40% = 0.1) waits for 1. e4 c5 2. Nf3 (0.15).
    const stats = new Map(openStats).set(
      AFTER_E4,
      statsAt(AFTER_E4, [
        ['e6', 60],
        ['e5', 25],
        ['c5', 15],
      ]),
    );
    const { steps } = runWalk(open, stats);
    expect(steps.map((s) => [s.settled, +s.bound.toFixed(4)])).toEqual([
      [1, 0.25],
      [1, 0.15],
      [4, 0],
    ]);
  });

  test('a transposition takes its likeliest path, and is looked up once', () => {
    const rep = buildRepertoireFromPgn(
      '1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. Qc2 *\n\n1. c4 e6 2. d4 Nf6 3. Nc3 Bb4 4. Qc2 *',
      { color: 'white' },
    ).unwrap();
    const d4 = fenAfter(['d4']);
    const d4c4 = fenAfter(['d4', 'Nf6', 'c4']);
    const c4 = fenAfter(['c4']);
    const c4d4 = fenAfter(['c4', 'e6', 'd4']);
    const nc3 = fenAfter(['d4', 'Nf6', 'c4', 'e6', 'Nc3']);
    const stats = new Map([
      [
        d4,
        statsAt(d4, [
          ['Nf6', 60],
          ['d5', 40],
        ]),
      ],
      [
        d4c4,
        statsAt(d4c4, [
          ['e6', 50],
          ['g6', 50],
        ]),
      ],
      [
        c4,
        statsAt(c4, [
          ['e6', 30],
          ['e5', 70],
        ]),
      ],
      [
        c4d4,
        statsAt(c4d4, [
          ['Nf6', 90],
          ['d5', 10],
        ]),
      ],
      [
        nc3,
        statsAt(nc3, [
          ['Bb4', 50],
          ['d5', 50],
        ]),
      ],
    ]);
    const { order, walk } = runWalk(rep, stats);
    expect(order.slice(2)).toEqual([d4c4, c4d4, nc3]);
    expect(new Set(order.slice(0, 2))).toEqual(new Set([d4, c4]));
    // 0.6 x 0.5 through 1. d4 beats 0.3 x 0.9 through 1. c4.
    const d5 = walk.holes.find((h) => h.fen === nc3)!;
    expect(d5.reach).toBeCloseTo(0.15, 10);
    expect(walk.holes).toEqual(holesOfReport(coverageReport(rep, stats)));
  });

  test('positions no line from the start reaches (FEN chapters) come last and make no holes', () => {
    const fenStart = fenAfter(['d4', 'd5']);
    const rep = buildRepertoireFromPgn(`1. e4 e5 2. Nf3 *\n\n[FEN "${fenStart}"]\n[SetUp "1"]\n\n2. c4 e6 3. Nc3 *`, {
      color: 'white',
    }).unwrap();
    const afterC4 = fenAfter(['d4', 'd5', 'c4']);
    const stats = new Map([
      [
        AFTER_E4,
        statsAt(AFTER_E4, [
          ['e5', 10],
          ['c5', 90],
        ]),
      ],
      [
        afterC4,
        statsAt(afterC4, [
          ['e6', 10],
          ['c6', 90],
        ]),
      ],
    ]);
    const { order, steps, walk } = runWalk(rep, stats);
    expect(order).toEqual([AFTER_E4, afterC4]);
    expect(steps[0]).toMatchObject({ settled: 1, bound: 0 });
    expect(walk.holes.map((h) => h.line)).toEqual(['1. e4 c5']);
    expect(walk.holes).toEqual(holesOfReport(coverageReport(rep, stats)));
  });

  test('the lookups until the top holes settle are estimated from the cached part, else the whole run', () => {
    expect(estimateLookupsUntilSettled(open, new Map(), 1)).toBe(3);
    const onlyFirst = new Map([
      [
        AFTER_E4,
        statsAt(AFTER_E4, [
          ['e6', 60],
          ['e5', 25],
          ['c5', 15],
        ]),
      ],
    ]);
    expect(estimateLookupsUntilSettled(open, onlyFirst, 1)).toBe(0);
    // Two holes never settle from the cached part alone: the whole run.
    expect(estimateLookupsUntilSettled(open, onlyFirst, 2)).toBe(2);
    expect(estimateLookupsUntilSettled(open, openStats, 10)).toBe(0);
  });
});

// Random repertoires: lines of choices among the first few legal moves (few, so lines meet and
// transpose), for the player's moves and the opponent's alike.
const repertoireArb = fc
  .record({
    color: fc.constantFrom('white' as const, 'black' as const),
    lines: fc.array(fc.array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 7 }), { minLength: 1, maxLength: 8 }),
    counts: fc.array(fc.nat({ max: 1000 }), { minLength: 8, maxLength: 8 }),
  })
  .map(({ color, lines, counts }) => {
    const pgn = lines
      .map((choices) => {
        const pos = Chess.default();
        const sans = choices.map((c) => makeSanAndPlay(pos, legalMoves(pos)[c]));
        return `${sans.map((san, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${san}` : san)).join(' ')} *`;
      })
      .join('\n\n');
    const rep = buildRepertoireFromPgn(pgn, { color }).unwrap();
    // Explorer answers: the first six legal moves with counts drawn from `counts` by position.
    const stats = new Map<string, PositionStats>();
    coveragePositions(rep).forEach((p, i) => {
      const pos = Chess.fromSetup(parseFen(p.fen).unwrap()).unwrap();
      const moves = legalMoves(pos)
        .slice(0, 6)
        .map((m, j) => ({
          uci: makeUci(m),
          san: makeSan(pos, m),
          white: counts[(i + j) % counts.length],
          draws: 0,
          black: 0,
        }));
      const games = moves.reduce((n, m) => n + m.white, 0);
      stats.set(p.fen, { white: games, draws: 0, black: 0, moves });
    });
    return { rep, stats };
  });

describe('best-first coverage walk properties', () => {
  test('reach never rises along the lookup order', () => {
    fc.assert(
      fc.property(repertoireArb, ({ rep, stats }) => {
        const walk = new CoverageWalk(rep);
        const report = coverageReport(rep, stats);
        const reachOf = new Map(report.positions.map((p) => [p.fen, p.reach ?? -1]));
        let last = Infinity;
        for (let next = walk.nextPosition(); next; next = walk.nextPosition()) {
          const r = reachOf.get(next.fen)!;
          expect(r).toBeLessThanOrEqual(last);
          last = r;
          walk.addStats(next.key, stats.get(next.fen)!);
        }
      }),
      { numRuns: 150 },
    );
  });

  test('the settled prefix never changes later, and the final holes equal the full report', () => {
    fc.assert(
      fc.property(repertoireArb, ({ rep, stats }) => {
        const { steps, walk } = runWalk(rep, stats);
        steps.forEach((step, i) => {
          const prefix = step.holes.slice(0, step.settled);
          for (const later of steps.slice(i + 1)) expect(later.holes.slice(0, step.settled)).toEqual(prefix);
        });
        expect(walk.holes).toEqual(holesOfReport(coverageReport(rep, stats)));
      }),
      { numRuns: 150 },
    );
  });
});
