import { describe, expect, test } from 'vitest';
import { CardListCache } from './card-list-cache.js';

const bytes = (n: number, fill = 1) => Buffer.alloc(n, fill);

describe('CardListCache', () => {
  test('a list is found only at the version it was kept at', () => {
    const cache = new CardListCache(1000);
    cache.keepList(1, 5, bytes(10));
    expect(cache.findList(1, 5)).toEqual(bytes(10));
    expect(cache.findList(1, 6)).toBeUndefined();
    expect(cache.findList(2, 5)).toBeUndefined();
  });

  test("a newer version replaces the player's list, an older one does not", () => {
    const cache = new CardListCache(1000);
    cache.keepList(1, 5, bytes(10, 5));
    cache.keepList(1, 6, bytes(20, 6));
    expect(cache.findList(1, 5)).toBeUndefined();
    expect(cache.findList(1, 6)).toEqual(bytes(20, 6));
    cache.keepList(1, 4, bytes(30, 4));
    expect(cache.findList(1, 6)).toEqual(bytes(20, 6));
    expect([cache.size, cache.bytes]).toEqual([1, 20]);
  });

  test('past the bound the least recently used lists go first', () => {
    const cache = new CardListCache(100);
    cache.keepList(1, 1, bytes(40));
    cache.keepList(2, 1, bytes(40));
    cache.findList(1, 1);
    cache.keepList(3, 1, bytes(40));
    expect(cache.findList(2, 1)).toBeUndefined();
    expect(cache.findList(1, 1)).toBeDefined();
    expect(cache.findList(3, 1)).toBeDefined();
    expect([cache.size, cache.bytes]).toEqual([2, 80]);
  });

  test('a list larger than the whole bound is not kept, and drops the older one', () => {
    const cache = new CardListCache(100);
    cache.keepList(1, 1, bytes(40));
    cache.keepList(1, 2, bytes(101));
    expect(cache.findList(1, 1)).toBeUndefined();
    expect(cache.findList(1, 2)).toBeUndefined();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});
