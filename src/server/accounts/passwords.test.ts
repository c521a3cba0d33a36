import { expect, test } from 'vitest';
import { hashPassword, isPasswordCorrect, passwordHashing } from './passwords.js';

test('no more than two password hashes run at once, and every one completes', async () => {
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, passwordHashing.active)), 1);
  const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`secret-${i}`)));
  clearInterval(sampler);
  expect(peak).toBeGreaterThan(0);
  expect(peak).toBeLessThanOrEqual(2);
  expect(passwordHashing.active).toBe(0);
  expect(await isPasswordCorrect(hashes[3], 'secret-3')).toBe(true);
  expect(await isPasswordCorrect('not a hash', 'x')).toBe(false);
});
