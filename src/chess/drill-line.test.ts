import { describe, expect, test } from 'vitest';
import { buildDrillDeck } from './drill-deck.js';
import { answeredReplies, branchBefore, pickReply, walkDrillLine } from './drill-line.js';
import { buildRepertoireFromPgn } from './repertoire.js';

const rep = buildRepertoireFromPgn('1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n1. e4 c5 2. Nf3 d6 3. d4 *\n\n1. e4 e6 2. d4 *', {
  color: 'white',
}).unwrap();
const deck = buildDrillDeck(rep);
const keyOf = (line: string) => deck.find((d) => d.line === line)!.key;
const fixed = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length];
};
const sans = (seg: { moves: { san: string }[] }) => seg.moves.map((m) => m.san).join(' ');
/** A fixed sequence of numbers in [0, 1) (mulberry32), so the counts below are the same every run. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

describe('drill line', () => {
  test('own moves that are not asked are played, and the walk stops at the asked position', () => {
    const ask = new Set([keyOf('1. e4 e5 2. Nf3 Nc6')]);
    const seg = walkDrillLine(rep, undefined, { ask, shares: new Map(), random: fixed(0) });
    expect(sans(seg)).toBe('e4 e5 Nf3 Nc6');
    expect(seg.moves.map((m) => m.by)).toEqual(['player', 'opponent', 'player', 'opponent']);
    expect(seg.askKey).toBe(keyOf('1. e4 e5 2. Nf3 Nc6'));
  });

  test('with no explorer counts the opponent replies uniformly among lines still to ask', () => {
    const ask = new Set([keyOf('1. e4 c5'), keyOf('1. e4 e6')]);
    const walk = (r: number) => sans(walkDrillLine(rep, undefined, { ask, shares: new Map(), random: fixed(r) }));
    expect(walk(0)).toBe('e4 c5');
    expect(walk(0.49)).toBe('e4 c5');
    expect(walk(0.5)).toBe('e4 e6');
    expect(walk(0.99)).toBe('e4 e6');
  });

  test('over many lines each reply comes equally often where no explorer answer is stored', () => {
    const ask = new Set([keyOf('1. e4 e5'), keyOf('1. e4 c5'), keyOf('1. e4 e6')]);
    const random = seeded(11);
    const seen = new Map<string, number>();
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const reply = walkDrillLine(rep, undefined, { ask, shares: new Map(), random }).moves[1].san;
      seen.set(reply, (seen.get(reply) ?? 0) + 1);
    }
    // Four standard deviations of a share of 1/3 over 20,000 draws is under 0.014.
    for (const san of ['e5', 'c5', 'e6']) expect(Math.abs((seen.get(san) ?? 0) / n - 1 / 3)).toBeLessThan(0.014);
  });

  test('the picker stays within the candidates at the ends of [0, 1), with counts or without', () => {
    const afterE4 = rep.positions.get(deck[0].key)!.moves[0].to;
    const replies = rep.positions.get(afterE4)!.moves;
    expect(pickReply(replies, undefined, () => 0).san).toBe('e5');
    expect(pickReply(replies, undefined, () => 0.999_999_999).san).toBe('e6');
    expect(pickReply(replies, new Map([['c7c5', 3]]), () => 0.999_999_999).san).toBe('c5');
  });

  test('the segment names the last position where the opponent has several answered replies', () => {
    const ask = new Set([keyOf('1. e4 e5 2. Nf3 Nc6')]);
    const afterE4 = rep.positions.get(deck[0].key)!.moves[0].to;
    const seg = walkDrillLine(rep, undefined, { ask, shares: new Map(), random: fixed(0) });
    expect(sans(seg)).toBe('e4 e5 Nf3 Nc6');
    // After 2. Nf3 Black has one reply (Nc6): the branch is after 1. e4, with e5, c5 and e6.
    expect(seg.branch).toEqual({ key: afterE4, replies: 3 });
    expect(answeredReplies(rep, afterE4).map((m) => m.san)).toEqual(['e5', 'c5', 'e6']);
    // A position with the player to move has no replies; a line with no choice names no branch.
    expect(answeredReplies(rep, deck[0].key)).toEqual([]);
    const french = buildRepertoireFromPgn('1. e4 e6 2. d4 d5 3. Nc3 *', { color: 'white' }).unwrap();
    const frenchDeck = buildDrillDeck(french);
    const last = new Set([frenchDeck[frenchDeck.length - 1].key]);
    expect(walkDrillLine(french, undefined, { ask: last, shares: new Map(), random: fixed(0) }).branch).toBeUndefined();
  });

  test('a reply after which the repertoire has no move of the player is not counted', () => {
    const ended = buildRepertoireFromPgn('1. e4 e5 2. Nf3 *\n\n1. e4 c5 *\n\n1. e4 e6 2. d4 *', {
      color: 'white',
    }).unwrap();
    const afterE4 = ended.positions.get(buildDrillDeck(ended)[0].key)!.moves[0].to;
    expect(answeredReplies(ended, afterE4).map((m) => m.san)).toEqual(['e5', 'e6']);
  });

  test('over many lines the replies come as often as the explorer plays them', () => {
    const ask = new Set([keyOf('1. e4 e5'), keyOf('1. e4 c5'), keyOf('1. e4 e6')]);
    const afterE4 = rep.positions.get(deck[0].key)!.moves[0].to;
    const counts = new Map([
      ['e7e5', 10],
      ['c7c5', 30],
      ['e7e6', 60],
    ]);
    const random = seeded(7);
    const frequencies = (shares: Map<string, Map<string, number>>) => {
      const seen = new Map<string, number>();
      const n = 20_000;
      for (let i = 0; i < n; i++) {
        const reply = walkDrillLine(rep, undefined, { ask, shares, random }).moves[1].san;
        seen.set(reply, (seen.get(reply) ?? 0) + 1);
      }
      return Object.fromEntries([...seen].map(([san, k]) => [san, k / n]));
    };
    const weighted = frequencies(new Map([[afterE4, counts]]));
    // Four standard deviations of a share over 20,000 draws is under 0.015.
    expect(Math.abs(weighted.e5 - 0.1)).toBeLessThan(0.015);
    expect(Math.abs(weighted.c5 - 0.3)).toBeLessThan(0.015);
    expect(Math.abs(weighted.e6 - 0.6)).toBeLessThan(0.015);
  });

  test('opponent replies follow the explorer counts', () => {
    const ask = new Set([keyOf('1. e4 e5'), keyOf('1. e4 c5'), keyOf('1. e4 e6')]);
    const afterE4 = rep.positions.get(deck[0].key)!.moves[0].to;
    const shares = new Map([
      [
        afterE4,
        new Map([
          ['e7e5', 10],
          ['c7c5', 30],
          ['e7e6', 60],
        ]),
      ],
    ]);
    const pick = (r: number) => sans(walkDrillLine(rep, undefined, { ask, shares, random: fixed(r) }));
    expect(pick(0.05)).toBe('e4 e5');
    expect(pick(0.2)).toBe('e4 c5');
    expect(pick(0.5)).toBe('e4 e6');
    expect(pick(0.99)).toBe('e4 e6');
  });

  test('a move the explorer has no games for is not picked while another has games', () => {
    const ask = new Set([keyOf('1. e4 e5'), keyOf('1. e4 c5')]);
    const afterE4 = rep.positions.get(deck[0].key)!.moves[0].to;
    const shares = new Map([[afterE4, new Map([['c7c5', 5]])]]);
    expect(sans(walkDrillLine(rep, undefined, { ask, shares, random: fixed(0) }))).toBe('e4 c5');
  });

  test('an asked position at the start is asked at once; from a later position the walk goes on', () => {
    const ask = new Set([deck[0].key, keyOf('1. e4 e6')]);
    expect(walkDrillLine(rep, undefined, { ask, shares: new Map(), random: fixed(0) })).toEqual({
      startKey: deck[0].key,
      moves: [],
      askKey: deck[0].key,
    });
    const afterE4 = rep.positions.get(deck[0].key)!.moves[0].to;
    const seg = walkDrillLine(rep, afterE4, { ask, shares: new Map(), random: fixed(0) });
    expect(sans(seg)).toBe('e6');
    expect(seg.askKey).toBe(keyOf('1. e4 e6'));
  });

  test('nothing to ask: the line is empty and ends', () => {
    const seg = walkDrillLine(rep, undefined, { ask: new Set(), shares: new Map(), random: fixed(0) });
    expect(seg.moves).toEqual([]);
    expect(seg.askKey).toBeUndefined();
  });

  test("an item's line names the opponent position before it when the player answers several replies there", () => {
    // After 1. e4 the opponent has three replies, each answered: e5, c5, e6.
    const branch = branchBefore(rep, '1. e4 c5');
    expect(branch?.replies).toBe(3);
    expect(rep.positions.get(branch!.key)?.moves.map((m) => m.san)).toEqual(['e5', 'c5', 'e6']);
    // After 2. Nf3 Black has one answered reply; the start is the player's; a line off the repertoire has none.
    expect(branchBefore(rep, '1. e4 e5 2. Nf3 Nc6')).toBeUndefined();
    expect(branchBefore(rep, '')).toBeUndefined();
    expect(branchBefore(rep, '1. e4')).toBeUndefined();
    expect(branchBefore(rep, '1. e4 d5')).toBeUndefined();
    expect(branchBefore(rep, '1. d4 d5')).toBeUndefined();
  });
});
