import { describe, expect, test } from 'vitest';
import { keyDigest, packDeckKeys, unpackDeckKeys } from './deck-keys.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -';

describe('deck keys kept with the study', () => {
  test('packed digests come back as the same set; none is the empty set', () => {
    const digests = [START, AFTER_E4].map(keyDigest);
    expect(new Set(digests).size).toBe(2);
    expect(packDeckKeys(digests)).toHaveLength(16);
    expect(unpackDeckKeys(packDeckKeys(digests))).toEqual(new Set(digests));
    expect(unpackDeckKeys(null)).toEqual(new Set());
    expect(unpackDeckKeys('')).toEqual(new Set());
  });

  test('the older form (the keys themselves, one a line) reads as their digests', () => {
    expect(unpackDeckKeys(`${START}\n${AFTER_E4}`)).toEqual(new Set([keyDigest(START), keyDigest(AFTER_E4)]));
  });

  test('digests are 48-bit whole numbers and differ across the positions of a large deck', () => {
    const keys = Array.from({ length: 50_000 }, (_, i) => `${START.slice(0, 20)}${i.toString(36)} w - -`);
    const digests = keys.map(keyDigest);
    expect(digests.every((d) => Number.isInteger(d) && d >= 0 && d < 2 ** 48)).toBe(true);
    expect(new Set(digests).size).toBe(keys.length);
  });
});
