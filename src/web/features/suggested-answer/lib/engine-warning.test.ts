import { expect, test } from 'vitest';
import { engineWarningText } from './engine-warning';

const e5 = { uci: 'e4e5', san: 'e5', score: 0.55, games: 300, evaluation: { cp: 5 } };
const b3 = { uci: 'b2b3', san: 'b3', score: 0.5, games: 80, evaluation: { cp: 30 } };

test('the warning gives the figures it rests on: the pick, the engine’s best, and a reply within half a pawn of it', () => {
  expect(engineWarningText(e5, { cp: 60 }, b3)).toBe(
    'The engine warns: e5 (+0.05) is more than half a pawn worse than its best here (+0.60); b3 (+0.30) holds within half a pawn of it.',
  );
  expect(engineWarningText(e5, { cp: 60 }, undefined)).toBe(
    'The engine warns: e5 (+0.05) is more than half a pawn worse than its best here (+0.60).',
  );
  // Without an evaluation of the position, the best evaluated reply is the best here.
  const nf3 = { ...b3, uci: 'g1f3', san: 'Nf3', evaluation: { cp: 80 } };
  expect(engineWarningText(e5, undefined, nf3)).toBe(
    'The engine warns: e5 (+0.05) is more than half a pawn worse than its best here, Nf3 (+0.80).',
  );
});
