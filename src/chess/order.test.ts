import { describe, expect, test } from 'vitest';
import { comparePositions, inReportOrder, type Ordered } from './order.js';

const drain = <T>(steps: Generator<void, T>): T => {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
};

describe('report order in steps', () => {
  test('orders positions as comparePositions does', () => {
    let seed = 3;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const positions: Ordered[] = Array.from({ length: 5_000 }, (_, i) => ({
      key: `k${Math.floor(random() * 100_000)}-${i}`,
      moveNumber: 1 + Math.floor(random() * 40),
      turn: random() < 0.5 ? 'white' : 'black',
    }));
    expect(drain(inReportOrder(positions))).toEqual([...positions].sort(comparePositions));
  });

  test('an empty list is an empty order', () => {
    expect(drain(inReportOrder([]))).toEqual([]);
  });
});
