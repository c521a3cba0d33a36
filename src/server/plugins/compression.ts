// Compressed answers: the plugin for every JSON answer, and the same brotli setting for answers kept
// compressed in memory (the card list), so both are sent alike.
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, type BrotliOptions } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers are compressed as they are sent, so at the fastest settings: brotli's still takes a 2.6 MB
 * card list to 65 KB in about 3 ms, gzip's to some 70 KB in about 4 ms (level 6 would take 14 ms).
 */
const BROTLI_QUALITY = 1;
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

const brotliOptions = (bytes: number): BrotliOptions => ({
  params: {
    [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
    [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes,
  },
});

/** The text as the plugin would send it to a browser. */
export function brotli(text: string): Buffer {
  return brotliCompressSync(text, brotliOptions(Buffer.byteLength(text)));
}

const brotliOffThread = promisify(brotliCompress);

/** The same, compressed on libuv's thread pool: a large answer costs the server's thread nothing. */
export const brotliAsync = (bytes: Buffer): Promise<Buffer> => brotliOffThread(bytes, brotliOptions(bytes.length));

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
