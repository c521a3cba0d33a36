import { argon2id, hash, verify } from 'argon2';
import { Semaphore } from './semaphore.js';

/**
 * argon2id runs on libuv's thread pool (4 threads), which file and DNS work share too: 50 logins at
 * once filled it and held every other request for seconds. Two hashes at a time keep half the pool
 * free; logins beyond that wait their turn instead of stalling the server.
 */
export const passwordHashing = new Semaphore(2);

/** argon2id with the library's defaults (64 MiB, 3 passes): memory-hard, about 0.1 s per hash. */
export function hashPassword(password: string): Promise<string> {
  return passwordHashing.run(() => hash(password, { type: argon2id }));
}

export async function isPasswordCorrect(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await passwordHashing.run(() => verify(passwordHash, password));
  } catch {
    // A malformed stored hash never lets anyone in.
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * The work of checking a password for a login name nobody has: the same argon2 verify against a hash
 * of nothing, so the answer takes as long as for a known name and timing cannot tell the two apart.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('no account has this password');
  await isPasswordCorrect(await dummyHash, password);
}
