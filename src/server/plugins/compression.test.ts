import { brotliDecompressSync } from 'node:zlib';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, test } from 'vitest';
import { acceptsBrotli, brotli, compressionPlugin } from './compression.js';

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

test('an answer of a few KB goes uncompressed, a larger one compressed', async () => {
  const app = Fastify();
  await app.register(compressionPlugin);
  // The size of a Mine explorer answer at a position with seven moves, and a larger one.
  app.get('/sized', async (request) => ({ text: 'x'.repeat(Number((request.query as { n: string }).n)) }));
  try {
    const ask = async (n: number) =>
      (await app.inject({ url: `/sized?n=${n}`, headers: { 'accept-encoding': 'gzip, deflate, br' } })).headers[
        'content-encoding'
      ];
    expect(await ask(1400)).toBeUndefined();
    expect(await ask(6000)).toBe('br');
  } finally {
    await app.close();
  }
});
