// Compressed answers: the plugin for every JSON answer, and the same brotli setting for answers kept
// compressed in memory (the card list), so both are sent alike.
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { BROTLI_QUALITY } from './brotli.js';

export { brotli } from './brotli.js';

/** Gzip's fastest setting too: a 2.6 MB card list to some 70 KB in about 4 ms (level 6 would take 14 ms). */
const GZIP_LEVEL = 1;

/**
 * Smaller answers go as they are: a few KB arrive in the first round trip compressed or not, while
 * compressing one costs the server about 0.1 ms of brotli and the client its decompression (an
 * explorer answer of 1.4 KB took 0.3-0.8 ms longer over HTTP compressed).
 */
const COMPRESS_THRESHOLD = 4096;

export const compressionPlugin = fp(async (app: FastifyInstance) => {
  // JSON answers (a 5,000-card list is 2.7 MB) go compressed to browsers that accept it. Event
  // streams are written raw (not compressed).
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    // Answers held whole in memory (up to 8 MB) are compressed in one call: a 2.6 MB card list takes
    // about 3 ms that way, and 8-10 ms more through the plugin's streaming path.
    syncThreshold: 8 * 1024 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
});

/** Whether the request's Accept-Encoding takes brotli (named or `*`, with a weight above zero). */
export function acceptsBrotli(request: FastifyRequest): boolean {
  const header = request.headers['accept-encoding'];
  if (!header) return false;
  let named: boolean | undefined;
  let any = false;
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const weighted = q === undefined || Number(q.slice(2)) > 0;
    if (name === 'br') named = weighted;
    else if (name === '*') any = weighted;
  }
  return named ?? any;
}
