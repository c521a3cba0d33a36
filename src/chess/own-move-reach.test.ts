import { describe, expect, test } from 'vitest';
import { positionReach } from './own-move-reach.js';
import { buildRepertoireFromPgn } from './repertoire.js';
import { positionKey } from './fen.js';

const START = positionKey('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');

describe('reach of repertoire positions', () => {
  const rep = buildRepertoireFromPgn('1. e4 e5 (1... c5 2. Nf3) 2. Nf3 Nc6 3. Bb5 *', { color: 'white' }).unwrap();
  const keyAfter = (sans: string[]) => {
    let key = START;
    for (const san of sans) key = rep.positions.get(key)!.moves.find((m) => m.san === san)!.to;
    return key;
  };

  test('own moves keep the reach, opponent moves multiply it by their share', () => {
    const shares = new Map([
      [
        keyAfter(['e4']),
        new Map([
          ['e7e5', 0.4],
          ['c7c5', 0.3],
        ]),
      ],
      [keyAfter(['e4', 'e5', 'Nf3']), new Map([['b8c6', 0.5]])],
    ]);
    const reach = positionReach(rep, (key, uci) => shares.get(key)?.get(uci));
    expect(reach.get(START)).toBe(1);
    expect(reach.get(keyAfter(['e4']))).toBe(1);
    expect(reach.get(keyAfter(['e4', 'e5']))).toBe(0.4);
    expect(reach.get(keyAfter(['e4', 'c5']))).toBe(0.3);
    expect(reach.get(keyAfter(['e4', 'e5', 'Nf3', 'Nc6']))).toBeCloseTo(0.2, 10);
  });

  test('without explorer answers the repertoire moves share a position evenly', () => {
    const reach = positionReach(rep, () => undefined);
    expect(reach.get(keyAfter(['e4', 'c5']))).toBe(0.5);
    expect(reach.get(keyAfter(['e4', 'e5', 'Nf3', 'Nc6']))).toBe(0.5);
  });
});
