/**
 * What a browser's engine finds at depth 12 in the scholar's mate game (1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6
 * 4. Qxf7#), White's side: Black's 3... Nf6 allows mate. Shared by the engine, mistake-training and
 * Learn tests.
 */
export const SCHOLAR_EVALS = [
  { ply: 0, cp: 25, best_uci: 'e2e4' },
  { ply: 1, cp: 30, best_uci: 'e7e5' },
  { ply: 2, cp: 28, best_uci: 'g1f3' },
  { ply: 3, cp: -5, best_uci: 'b8c6' },
  { ply: 4, cp: 10, best_uci: 'f1c4' },
  { ply: 5, cp: -40, best_uci: 'g7g6' },
  { ply: 6, mate: 1, best_uci: 'h5f7' },
  { ply: 7, mate: 0 },
];
