import { describe, expect, it } from 'vitest';
import { buildRepertoireFromPgn, chapterLines, type LineStep, type Repertoire } from '../../chess/index.js';
import { readFixture } from '../../../test/fixtures.js';
import { RepertoireReceiver, RepertoireSender } from './repertoire-transfer.js';

const deepText = readFixture('lichess/study_GJ5NRo9a_deep_tree_2024.pgn');
const build = () => buildRepertoireFromPgn(deepText, { color: 'white', lenient: true }).unwrap();
const deep = build();

/** Sends (a copy of) the repertoire part by part through structured cloning, as between threads. */
const carry = (rep: Repertoire, perPart: number): { received: Repertoire; parts: number } => {
  const sender = new RepertoireSender({ ...rep, positions: new Map(rep.positions) }, perPart);
  const receiver = new RepertoireReceiver(structuredClone(sender.head()));
  let parts = 0;
  while (!sender.done) {
    receiver.add(structuredClone(sender.next()));
    parts++;
  }
  return { received: receiver.result(), parts };
};

/** Every line step the repertoire holds, each object once. */
const allSteps = (rep: Repertoire): Set<LineStep> => {
  const steps = new Set<LineStep>();
  for (const position of rep.positions.values())
    for (const move of position.moves)
      for (const first of chapterLines(move))
        for (let step: LineStep | undefined = first; step && !steps.has(step); step = step.previous) steps.add(step);
  return steps;
};

describe('repertoire sent in parts', () => {
  it('arrives whole, positions in their order, whatever the size of a part', () => {
    const size = deep.positions.size;
    for (const perPart of [250, 4_000, size, size + 1]) {
      const { received, parts } = carry(deep, perPart);
      expect(parts).toBe(Math.ceil(size / perPart));
      expect(received).toStrictEqual(deep);
      expect([...received.positions.keys()]).toEqual([...deep.positions.keys()]);
    }
  });

  it('keeps the line steps that moves share as one object each, across parts', () => {
    const { received } = carry(deep, 100);
    const steps = allSteps(deep);
    expect(steps.size).toBeGreaterThan(deep.positions.size / 2);
    expect(allSteps(received).size).toBe(steps.size);
  });

  it('lets go of the positions it holds, so the sending side does not keep a second copy', () => {
    const rep = build();
    const size = rep.positions.size;
    const sender = new RepertoireSender(rep, 1_000);
    expect(rep.positions.size).toBe(0);
    const receiver = new RepertoireReceiver(structuredClone(sender.head()));
    while (!sender.done) receiver.add(structuredClone(sender.next()));
    expect(receiver.result()).toStrictEqual(deep);
    expect(receiver.result().positions.size).toBe(size);
  });

  it('sends a repertoire without positions as its head alone', () => {
    const empty: Repertoire = { ...deep, positions: new Map() };
    expect(carry(empty, 10)).toStrictEqual({ received: empty, parts: 0 });
  });
});
