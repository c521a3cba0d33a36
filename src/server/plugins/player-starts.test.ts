import { setImmediate as nextTurn } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { PlayerStarts } from './player-starts.js';

/** Counts turns of the event loop until stopped. */
const turnCounter = () => {
  let turns = 0;
  let running = true;
  void (async () => {
    while (running) {
      await nextTurn();
      turns++;
    }
  })();
  return { now: () => turns, stop: () => (running = false) };
};

test("one player's burst starts a request a turn; another player's request does not wait behind it", async () => {
  const starts = new PlayerStarts();
  const turns = turnCounter();
  const started: [string, number][] = [];
  const burst = Array.from({ length: 5 }, (_, i) => starts.take(1).then(() => started.push([`a${i}`, turns.now()])));
  const other = starts.take(2).then(() => started.push(['b', turns.now()]));
  await Promise.all([...burst, other]);
  turns.stop();
  const a = started.filter(([name]) => name.startsWith('a'));
  expect(a.map(([name]) => name)).toEqual(['a0', 'a1', 'a2', 'a3', 'a4']);
  // Each of the burst a turn (or more) after the one before it.
  for (let i = 1; i < a.length; i++) expect(a[i][1]).toBeGreaterThan(a[i - 1][1]);
  // The other player started with the first of the burst, not after the last.
  expect(started.find(([name]) => name === 'b')![1]).toBeLessThan(a[a.length - 1][1]);
});

test('a player with nothing waiting starts a turn later, and nothing is kept for them after', async () => {
  const starts = new PlayerStarts();
  let turned = false;
  setImmediate(() => (turned = true));
  await starts.take(7);
  expect(turned).toBe(true);
  expect(starts.players).toBe(0);
});
