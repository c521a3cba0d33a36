/**
 * The deck's position keys as last synced, kept with the study so the next sync can count what it
 * adds and retires. Each key is kept as a 48-bit digest (8 base64 characters): a 200,000-item deck
 * is 1.7 MB instead of 13 MB of keys (which the database would also try to compress). Two keys of
 * one study share a digest about once in a billion 20,000-item decks, and then only a count is off.
 */

const BYTES = 6;

/** A 48-bit digest of the key (two 32-bit mixes), exact as a number. */
export function keyDigest(key: string): number {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 0) * 0x10000 + (b >>> 16);
}

/** The digests (of keyDigest) as text. */
export function packDeckKeys(digests: readonly number[]): string {
  const buffer = Buffer.allocUnsafe(digests.length * BYTES);
  for (let i = 0; i < digests.length; i++) buffer.writeUIntBE(digests[i], i * BYTES, BYTES);
  return buffer.toString('base64');
}

/** Digests of the packed keys, one at a time; text with spaces is the older form, the keys one a line. */
export function* deckKeyDigests(text: string | null): Generator<number> {
  if (!text) return;
  if (text.includes(' ')) {
    for (const key of text.split('\n')) yield keyDigest(key);
    return;
  }
  const buffer = Buffer.from(text, 'base64');
  for (let offset = 0; offset + BYTES <= buffer.length; offset += BYTES) yield buffer.readUIntBE(offset, BYTES);
}

/** Digests of the packed keys. */
export const unpackDeckKeys = (text: string | null): Set<number> => new Set(deckKeyDigests(text));
