import { expect, test } from 'vitest';
import { createPasswords, passwordHashing } from './passwords.js';

test('no more than two password hashes run at once, and every one completes', async () => {
  const passwords = createPasswords();
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, passwordHashing.active)), 1);
  const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => passwords.hash(`secret-${i}`)));
  clearInterval(sampler);
  expect(peak).toBeGreaterThan(0);
  expect(peak).toBeLessThanOrEqual(2);
  expect(passwordHashing.active).toBe(0);
  expect(await passwords.isCorrect(hashes[3], 'secret-3')).toBe(true);
  expect(await passwords.isCorrect(hashes[3], 'secret-4')).toBe(false);
  expect(await passwords.isCorrect('not a hash', 'x')).toBe(false);
  // The default cost is argon2id's own: 64 MiB, 3 passes.
  expect(hashes[0]).toMatch(/^\$argon2id\$v=19\$m=65536,p=4,t=3\$/);
});

test('a hash made at a lighter cost is checked at its own cost by any app', async () => {
  const light = createPasswords({ memoryCost: 1024, timeCost: 1 });
  const stored = await light.hash('secret');
  expect(stored).toMatch(/^\$argon2id\$v=19\$m=1024,p=4,t=1\$/);
  expect(await createPasswords().isCorrect(stored, 'secret')).toBe(true);
  await light.verifyAgainstDummy('anything');
});
