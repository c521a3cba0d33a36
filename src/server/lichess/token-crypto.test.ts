import { describe, expect, test } from 'vitest';
import { decryptToken, encryptToken } from './token-crypto.js';

describe('token encryption', () => {
  const secret = 'a-session-secret-long-enough';

  test('a sealed token opens with the same secret and does not show the token', () => {
    const stored = encryptToken(secret, 'lio_SecretToken123');
    expect(stored).not.toContain('lio_SecretToken123');
    expect(decryptToken(secret, stored)).toBe('lio_SecretToken123');
  });

  test('sealing twice gives different values (fresh iv)', () => {
    expect(encryptToken(secret, 'same')).not.toBe(encryptToken(secret, 'same'));
  });

  test('another secret or an altered value opens nothing', () => {
    const stored = encryptToken(secret, 'lio_x');
    expect(decryptToken('another-secret', stored)).toBeUndefined();
    const raw = Buffer.from(stored, 'base64url');
    raw[13] ^= 1;
    expect(decryptToken(secret, raw.toString('base64url'))).toBeUndefined();
    expect(decryptToken(secret, 'short')).toBeUndefined();
  });
});
