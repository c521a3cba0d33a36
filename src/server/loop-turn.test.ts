import { describe, expect, it } from 'vitest';
import { LoopTurn, PACED_REST_MS, paced, settleSteps } from './loop-turn.js';

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

describe('paced', () => {
  it('paces every turn made within the work, after awaits and in the calls it makes, and none outside it', async () => {
    const restOfInnerCall = async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return new LoopTurn().restMs;
    };
    const seen = await paced(async () => {
      const first = new LoopTurn().restMs;
      await Promise.resolve();
      return [first, await restOfInnerCall(), ...(await Promise.all([restOfInnerCall(), restOfInnerCall()]))];
    });
    expect(seen).toEqual([PACED_REST_MS, PACED_REST_MS, PACED_REST_MS, PACED_REST_MS]);
    expect(PACED_REST_MS).toBeGreaterThan(0);
    expect(new LoopTurn().restMs).toBe(0);
    expect(await restOfInnerCall()).toBe(0);
  });

  it('still lets a timer run between the steps, and returns what the work returns', async () => {
    let step = 0;
    function* work(): Generator<void, string> {
      for (step = 0; step < 20; step++) {
        busy(2);
        yield;
      }
      return 'done';
    }
    let stepWhenTimerRan: number | undefined;
    setTimeout(() => (stepWhenTimerRan = step), 0);
    expect(await paced(() => settleSteps(work(), new LoopTurn(3)))).toBe('done');
    expect(stepWhenTimerRan!).toBeLessThan(20);
  });
});
