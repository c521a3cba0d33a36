import { brotliDecompressSync } from 'node:zlib';
import type { FastifyRequest } from 'fastify';
import { describe, expect, test } from 'vitest';
import { acceptsBrotli, brotli } from './compression.js';

const asking = (header?: string) =>
  ({ headers: header === undefined ? {} : { 'accept-encoding': header } }) as FastifyRequest;

describe('acceptsBrotli', () => {
  test.each([
    ['gzip, deflate, br', true],
    ['br', true],
    ['BR;q=0.5', true],
    ['gzip, *', true],
    ['gzip', false],
    ['identity', false],
    ['', false],
    [undefined, false],
    ['br;q=0, gzip', false],
    ['br;q=0, *', false],
    ['*;q=0', false],
    ['gzip, *;q=0.1', true],
  ])('%s -> %s', (header, expected) => {
    expect(acceptsBrotli(asking(header))).toBe(expected);
  });
});

test('brotli text decompresses to the same text', () => {
  const text = JSON.stringify({ api_data: Array.from({ length: 100 }, (_, i) => ({ id: `c${i}`, prompt: 'é ♞' })) });
  const packed = brotli(text);
  expect(packed.length).toBeLessThan(text.length / 5);
  expect(brotliDecompressSync(packed).toString('utf8')).toBe(text);
});
