// The one brotli setting for answers, both as the compression plugin sends them and as answers kept
// compressed in memory (the card list, the edited PGN); no server code here, so worker threads use it too.
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';

/**
 * Answers are compressed as they are sent, so at the fastest setting: brotli's still takes a 2.6 MB
 * card list to 65 KB in about 3 ms.
 */
export const BROTLI_QUALITY = 1;

/** The text (or its bytes) as the plugin would send it to a browser. */
export function brotli(data: string | Uint8Array): Buffer {
  return brotliCompressSync(data, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength,
    },
  });
}
