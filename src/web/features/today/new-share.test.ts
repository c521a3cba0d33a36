import { describe, expect, test } from 'vitest';
import { alternate } from './new-share';

// The share itself is src/chess/drill-new-share.ts, applied by the server's drill/next.
describe('the New items of a session', () => {
  test('the colours take turns', () => {
    expect(alternate(['w1', 'w2', 'w3'], ['b1'])).toEqual(['w1', 'b1', 'w2', 'w3']);
  });
});
