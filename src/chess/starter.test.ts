import { describe, expect, test } from 'vitest';
import type { PositionStats } from './coverage.js';
import { explorerTree, keyAfter } from './explorer-tree-fixture.js';
import { buildRepertoireFromPgn, type Color } from './repertoire.js';
import { parseRepertoireLine } from './repertoire-line.js';
import {
  estimateStarterLookups,
  pgnLines,
  StarterWalk,
  starterLines,
  starterPgn,
  starterSize,
  STARTER_MIN_GAMES,
  type StarterTree,
} from './starter.js';

const NO_GAMES: PositionStats = { white: 0, draws: 0, black: 0, moves: [] };

/** Runs a walk over fixed answers; counts the lookups of each position. */
function build(color: Color, line: string, goal: number, stats: Map<string, PositionStats>) {
  const walk = new StarterWalk(color, parseRepertoireLine(line).unwrap(), goal);
  const asked = new Map<string, number>();
  for (let next = walk.nextPosition(); next; next = walk.nextPosition()) {
    asked.set(next.key, (asked.get(next.key) ?? 0) + 1);
    walk.addStats(next.key, stats.get(next.key) ?? NO_GAMES);
  }
  return { walk, tree: walk.tree(), asked };
}

/** Each position of the tree with its moves' SANs, by the SAN line that first reaches it. */
const movesAt = (tree: StarterTree, sans: string) => tree.nodes.get(keyAfter(sans))?.moves.map((m) => m.san);

describe('the starter walk', () => {
  const stats = explorerTree([
    [
      'e4',
      [
        ['e5', 400, 100, 300], // 40% of 2,000 games
        ['c5', 300, 100, 300], // 35%
        ['e6', 100, 50, 100], // 12.5%: exactly the goal of 1/8
        ['c6', 100, 49, 100], // just under it
        ['d6', 1, 0, 0],
      ],
    ],
    [
      'e4 e5',
      [
        ['Nf3', 600, 100, 300], // the best score_low among moves with 50 games or more
        ['Bc4', 2, 0, 0], // 100% of 2 games: too few to be picked
        ['Nc3', 30, 5, 15], // 50 games, a lower bound under Nf3's
        ['Qh5', 20, 0, 29], // 49 games: under the floor
      ],
    ],
    ['e4 e5 Nf3', [['Nc6', 500, 100, 400]]],
    ['e4 c5', [['Bc4', 20, 0, 10]]], // no move of 50 games: the line ends here
    // Equal score_low and games: the SAN decides (Nc3 before Nf3).
    [
      'e4 e6',
      [
        ['Nf3', 60, 0, 40],
        ['Nc3', 60, 0, 40],
      ],
    ],
  ]);

  test('follows replies at or above the goal, takes the best score_low of 50 games, ends where none has 50', () => {
    const { tree } = build('white', '1. e4', 1 / 8, stats);
    expect(movesAt(tree, '')).toEqual(['e4']);
    expect(movesAt(tree, 'e4')).toEqual(['e5', 'c5', 'e6']);
    expect(movesAt(tree, 'e4 e5')).toEqual(['Nf3']);
    expect(movesAt(tree, 'e4 c5')).toEqual([]);
    expect(movesAt(tree, 'e4 e6')).toEqual(['Nc3']);
    // 1. e4 e5 2. Nf3 Nc6 reaches 0.4 of games; its position was looked up and has no answers.
    expect(movesAt(tree, 'e4 e5 Nf3')).toEqual(['Nc6']);
    expect(tree.nodes.get(keyAfter('e4 e5 Nf3 Nc6'))!.reach).toBeCloseTo(0.4);
    expect(movesAt(tree, 'e4 e5 Nf3 Nc6')).toEqual([]);
    expect(STARTER_MIN_GAMES).toBe(50);
  });

  test('ties on score_low go to more games, then to the SAN', () => {
    const tie = explorerTree([
      ['e4', [['e5', 100, 0, 100]]],
      [
        'e4 e5',
        [
          // White lost every game after both: score_low 0 for each, and Nf3 has more games.
          ['Bc4', 0, 0, 60],
          ['Nf3', 0, 0, 100],
        ],
      ],
    ]);
    expect(movesAt(build('white', '1. e4', 0.5, tie).tree, 'e4 e5')).toEqual(['Nf3']);
    expect(movesAt(build('white', '1. e4', 1 / 8, stats).tree, 'e4 e6')).toEqual(['Nc3']);
  });

  test('reach counts the opponent moves of the committed line from the standard start', () => {
    const black = explorerTree([
      [
        '',
        [
          ['e4', 450, 100, 450], // 1. e4: 50% of games
          ['d4', 450, 100, 450],
        ],
      ],
      [
        'e4 c6',
        [
          ['d4', 300, 100, 200], // 60% of the 50%: reach 0.3
          ['Nc3', 150, 0, 150], // 30%: reach 0.15, under a goal of 0.2
          ['Nf3', 60, 0, 40], // 10%
        ],
      ],
      ['e4 c6 d4', [['d5', 200, 100, 300]]],
    ]);
    const { tree, walk } = build('black', '1. e4 c6', 0.2, black);
    expect(walk.lineReach).toBeCloseTo(0.5);
    expect(movesAt(tree, 'e4 c6')).toEqual(['d4']);
    expect(movesAt(tree, 'e4 c6 d4')).toEqual(['d5']);
    expect(tree.nodes.get(keyAfter('e4 c6 d4 d5'))!.reach).toBeCloseTo(0.3);
  });

  test('a transposition is looked up once and expanded at its highest reach', () => {
    // 1. d4 Nf6 2. c4 e6 and 1. d4 e6 2. c4 Nf6 meet.
    const transposing = explorerTreeForD4();
    const { tree, asked } = build('white', '1. d4', 0.1, transposing);
    expect([...asked.values()].every((n) => n === 1)).toBe(true);
    // Reached with 0.25 via 1...Nf6 2. c4 e6 and with 0.5 via 1...e6 2. c4 Nf6: expanded at 0.5.
    expect(tree.nodes.get(keyAfter('d4 Nf6 c4 e6'))!.reach).toBeCloseTo(0.5);
    expect(movesAt(tree, 'd4 Nf6 c4 e6')).toEqual(['Nc3']);
    expect(asked.get(keyAfter('d4 Nf6 c4 e6'))).toBe(1);
  });

  test('the PGN reads back to exactly the walk’s tree', () => {
    for (const [color, line, goal] of [
      ['white', '1. e4', 1 / 8],
      ['white', '1. d4', 0.1],
    ] as const) {
      const data = line === '1. e4' ? stats : explorerTreeForD4();
      const { tree } = build(color, line, goal, data);
      const rep = buildRepertoireFromPgn(starterPgn(tree, `Starter: ${line}`), { color }).unwrap();
      const fromTree = [...tree.nodes.values()]
        .map((n) => [n.key, n.moves.map((m) => `${m.uci} ${m.to}`).sort()] as const)
        .sort();
      const readBack = [...rep.positions.values()]
        .map((p) => [p.key, p.moves.map((m) => `${m.uci} ${m.to}`).sort()] as const)
        .sort();
      expect(readBack).toEqual(fromTree);
      const size = starterSize(tree);
      expect(size.positions).toBe(rep.positions.size);
      expect(size.ownMoves).toBe([...rep.positions.values()].filter((p) => p.turn === color && p.moves.length).length);
    }
  });

  test('a committed line that games rarely reach gives the line alone', () => {
    const rare = explorerTree([
      [
        '',
        [
          ['e4', 990, 0, 0],
          ['b4', 10, 0, 0],
        ],
      ],
    ]);
    const { tree, walk } = build('black', '1. b4', 1 / 100, rare);
    expect(walk.lineReach).toBeCloseTo(0.01);
    expect(movesAt(tree, 'b4')).toEqual([]);
    expect(starterSize(tree)).toEqual({ positions: 2, ownMoves: 0, lines: 1 });
  });
});

function explorerTreeForD4(): Map<string, PositionStats> {
  return explorerTree([
    [
      'd4',
      [
        ['Nf6', 500, 0, 500],
        ['e6', 500, 0, 500],
      ],
    ],
    ['d4 Nf6', [['c4', 500, 0, 300]]],
    ['d4 e6', [['c4', 500, 0, 300]]],
    [
      'd4 Nf6 c4',
      [
        ['e6', 500, 0, 500],
        ['g6', 500, 0, 500],
      ],
    ],
    ['d4 e6 c4', [['Nf6', 1000, 0, 0]]],
    ['d4 Nf6 c4 e6', [['Nc3', 600, 0, 400]]],
  ]);
}

describe('starter lines and estimate', () => {
  test('every line of the PGN, a transposition ending its line', () => {
    const { tree } = build('white', '1. d4', 0.1, explorerTreeForD4());
    const lines = starterLines(tree).map((sans) => sans.join(' '));
    expect(lines).toEqual(['d4 Nf6 c4 e6 Nc3', 'd4 Nf6 c4 g6', 'd4 e6 c4 Nf6']);
    expect(starterSize(tree).lines).toBe(3);
  });

  test('the estimate grows as the goal falls', () => {
    expect(estimateStarterLookups(1 / 100)).toEqual({ low: 100, high: 400 });
    expect(estimateStarterLookups(1 / 200).low).toBeGreaterThan(estimateStarterLookups(1 / 100).low);
  });
});

test('pgnLines reads back the lines starterLines wrote', () => {
  const { tree } = build('white', '1. d4', 0.1, explorerTreeForD4());
  expect(pgnLines(starterPgn(tree, 'Starter'))).toEqual(starterLines(tree));
});
