import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Lichess tokens at rest: AES-256-GCM under a key derived (HKDF-SHA256) from SESSION_SECRET, so a
 * copy of the database alone reveals no token. Stored as base64url of iv | ciphertext | auth tag.
 *
 *   const stored = encryptToken(secret, 'lio_abc');
 *   decryptToken(secret, stored); // 'lio_abc'
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;

function tokenKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'chess-prep', 'lichess-token-v1', 32));
}

export function encryptToken(secret: string, token: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', tokenKey(secret), iv);
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The token, or undefined when the value was not sealed with this secret (or was altered). */
export function decryptToken(secret: string, stored: string): string | undefined {
  const raw = Buffer.from(stored, 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', tokenKey(secret), raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const body = raw.subarray(IV_BYTES, raw.length - TAG_BYTES);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
