import { describe, expect, it } from 'vitest';
import { LoopTurn, settleSteps } from './loop-turn.js';

/** Holds the thread for about ms milliseconds, as CPU work does. */
const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe('settleSteps', () => {
  it('lets a timer run between the steps of long work, and returns what the work returns', async () => {
    let step = 0;
    function* work(): Generator<void, string> {
      for (step = 0; step < 60; step++) {
        busy(2);
        yield;
      }
      return 'done';
    }
    let stepWhenTimerRan: number | undefined;
    setTimeout(() => (stepWhenTimerRan = step), 0);
    expect(await settleSteps(work(), new LoopTurn(10))).toBe('done');
    expect(stepWhenTimerRan).toBeDefined();
    expect(stepWhenTimerRan!).toBeLessThan(60);
  });

  it('does not wait for the event loop when the work is short', async () => {
    function* work(): Generator<void, number> {
      yield;
      return 1;
    }
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    expect(await settleSteps(work(), new LoopTurn(10_000))).toBe(1);
    expect(timerRan).toBe(false);
  });
});
