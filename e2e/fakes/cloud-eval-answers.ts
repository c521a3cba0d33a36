/**
 * Cloud evaluations for the fake Lichess, in the shape Lichess answers /api/cloud-eval with (made to
 * look like recorded ones: deep, several lines, White's side). Positions are keyed without move
 * counters, as Lichess looks them up; any other position is 404, as on Lichess for a position nobody
 * analysed.
 */

interface Line {
  moves: string;
  cp?: number;
  mate?: number;
}

const ANSWERS: Record<string, { depth: number; knodes: number; pvs: Line[] }> = {
  // The standard start.
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -': {
    depth: 70,
    knodes: 104_471_349,
    pvs: [
      { moves: 'e2e4 e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f6e4', cp: 18 },
      { moves: 'd2d4 g8f6 c2c4 e7e6 g1f3 d7d5 b1c3 f8b4', cp: 18 },
      { moves: 'g1f3 d7d5 d2d4 g8f6 c2c4 e7e6 b1c3 c7c6', cp: 15 },
      { moves: 'c2c4 e7e5 g2g3 g8f6 f1g2 d7d5 c4d5 f6d5', cp: 13 },
      { moves: 'e2e3 g8f6 d2d4 d7d5 c2c4 e7e6 g1f3 c7c5', cp: 9 },
    ],
  },
  // 1. e4
  'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -': {
    depth: 56,
    knodes: 61_802_212,
    pvs: [
      { moves: 'e7e5 g1f3 b8c6 f1b5 g8f6 e1g1 f6e4 f1e1', cp: 26 },
      { moves: 'c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3', cp: 31 },
      { moves: 'e7e6 d2d4 d7d5 b1c3 g8f6 c1g5 f8e7 e4e5', cp: 36 },
      { moves: 'c7c6 d2d4 d7d5 e4e5 c8f5 g1f3 e7e6 f1e2', cp: 39 },
      { moves: 'g7g6 d2d4 f8g7 b1c3 d7d6 c1e3 a7a6 d1d2', cp: 58 },
    ],
  },
  // 1. e4 e5 2. Qh5 Nc6 3. Bc4: Black to move, and Nf6 loses at once.
  'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq -': {
    depth: 48,
    knodes: 30_117_506,
    pvs: [
      { moves: 'g7g6 h5f3 g8f6 g1e2 f8g7 b1c3 d7d6 d2d3', cp: -52 },
      { moves: 'd8e7 g1f3 g8f6 h5h4 d7d6 d2d3 c8e6 b1c3', cp: -30 },
      { moves: 'd8f6 g1f3 g7g6 d2d3 f8g7 c1g5 f6e6 b1c3', cp: -10 },
    ],
  },
};

/** The JSON Lichess would send, with at most `multiPv` lines; undefined for a position it has none for. */
export function cloudEvalAnswer(fen: string, multiPv: number): string | undefined {
  // Lichess reads the fields between single spaces: a tab or a double space finds nothing.
  const key = fen.split(' ').slice(0, 4).join(' ');
  const answer = ANSWERS[key];
  if (!answer) return undefined;
  const lines = Math.max(1, Math.min(5, Number.isFinite(multiPv) ? multiPv : 1));
  return JSON.stringify({ fen, knodes: answer.knodes, depth: answer.depth, pvs: answer.pvs.slice(0, lines) });
}
