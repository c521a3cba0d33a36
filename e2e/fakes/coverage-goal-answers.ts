import { Chess } from 'chessops/chess';
import { makeFen } from 'chessops/fen';
import { parseSan } from 'chessops/san';
import { makeUci } from 'chessops/util';

/**
 * Explorer answers for a 1. b3 repertoire, the same at every speed and band: rare replies below a goal
 * of 1 in 100 (1... a5 optional, 1... f5 dangerous: Black scores 62% over 120 games) and a common
 * mistake (2... f6 after 1. b3 e5 2. Bb2: 7% of games, White scores 72%). No other fake answer
 * starts with 1. b3.
 *
 *   coverageGoalAnswers().get(keyAfter('b3')) // the JSON body after 1. b3
 */

/** [SAN, games, White's share of the decisive games' points (draws 10%)] */
type Row = [string, number, number];

const ANSWERS: [string, Row[]][] = [
  [
    'b3',
    [
      ['e5', 5000, 0.48],
      ['d5', 4000, 0.5],
      ['Nf6', 2500, 0.5],
      ['c5', 1500, 0.49],
      ['f5', 120, 0.38],
      ['a5', 90, 0.5],
      ['g6', 40, 0.5],
    ],
  ],
  [
    'b3 e5 Bb2',
    [
      ['Nc6', 4000, 0.5],
      ['d6', 1500, 0.5],
      ['Nf6', 600, 0.5],
      ['f6', 450, 0.75],
    ],
  ],
  [
    'b3 e5 Bb2 Nc6 e3',
    [
      ['d5', 2000, 0.48],
      ['Nf6', 1800, 0.5],
      ['Bc5', 500, 0.52],
    ],
  ],
  [
    'b3 d5 Bb2',
    [
      ['Nf6', 2000, 0.5],
      ['c5', 800, 0.48],
      ['Bf5', 600, 0.5],
    ],
  ],
  [
    'b3 c5 Bb2',
    [
      ['Nc6', 1200, 0.5],
      ['d6', 300, 0.5],
    ],
  ],
  [
    'b3 a5 Bb2',
    [
      ['e5', 60, 0.5],
      ['d5', 30, 0.5],
    ],
  ],
  [
    'b3 f5 Bb2',
    [
      ['Nf6', 100, 0.45],
      ['e6', 20, 0.5],
    ],
  ],
  // After the mistake, White's replies: the punishment to add.
  [
    'b3 e5 Bb2 f6',
    [
      ['e3', 600, 0.58],
      ['Nc3', 300, 0.52],
      ['e4', 200, 0.6],
    ],
  ],
];

const after = (sans: string): Chess => {
  const pos = Chess.default();
  for (const san of sans.split(' ')) pos.play(parseSan(pos, san)!);
  return pos;
};

/** Position key (FEN without move counters) -> the explorer's JSON body. */
export function coverageGoalAnswers(): Map<string, string> {
  const bodies = new Map<string, string>();
  for (const [sans, rows] of ANSWERS) {
    const pos = after(sans);
    const moves = rows.map(([san, games, white]) => {
      const draws = Math.round(games * 0.1);
      const whiteWins = Math.round((games - draws) * white);
      return {
        uci: makeUci(parseSan(pos, san)!),
        san,
        averageRating: 1700,
        white: whiteWins,
        draws,
        black: games - draws - whiteWins,
        game: null,
        opening: null,
      };
    });
    const sum = (key: 'white' | 'draws' | 'black') => moves.reduce((n, m) => n + m[key], 0);
    const key = makeFen(pos.toSetup()).split(' ').slice(0, 4).join(' ');
    bodies.set(
      key,
      JSON.stringify({
        white: sum('white'),
        draws: sum('draws'),
        black: sum('black'),
        moves,
        recentGames: [],
        topGames: [],
        opening: null,
      }),
    );
  }
  return bodies;
}
