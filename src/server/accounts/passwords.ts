import { argon2id, hash, verify } from 'argon2';
import { Semaphore } from './semaphore.js';

/**
 * argon2id runs on libuv's thread pool (4 threads), which file and DNS work share too: 50 logins at
 * once filled it and held every other request for seconds. Two hashes at a time keep half the pool
 * free; logins beyond that wait their turn instead of stalling the server.
 */
export const passwordHashing = new Semaphore(2);

/** argon2id's cost: memory in KiB and passes. */
export interface PasswordCost {
  memoryCost: number;
  timeCost: number;
}

/** The library's defaults (64 MiB, 3 passes): memory-hard, about 0.1 s per hash. */
export const DEFAULT_PASSWORD_COST: PasswordCost = { memoryCost: 65_536, timeCost: 3 };

export interface Passwords {
  hash(password: string): Promise<string>;
  /** Checks a password against a stored hash (its own cost is read from it). */
  isCorrect(passwordHash: string, password: string): Promise<boolean>;
  /**
   * The work of checking a password for a login name nobody has: the same verify against a hash of
   * nothing, so the answer takes as long as for a known name and timing cannot tell the two apart.
   */
  verifyAgainstDummy(password: string): Promise<void>;
}

/** Password hashing at one cost, made once per app (its stand-in hash is made at that cost). */
export function createPasswords(cost: PasswordCost = DEFAULT_PASSWORD_COST): Passwords {
  let dummyHash: Promise<string> | undefined;
  const passwords: Passwords = {
    hash: (password) => passwordHashing.run(() => hash(password, { type: argon2id, ...cost })),
    async isCorrect(passwordHash, password) {
      try {
        return await passwordHashing.run(() => verify(passwordHash, password));
      } catch {
        // A malformed stored hash never lets anyone in.
        return false;
      }
    },
    async verifyAgainstDummy(password) {
      dummyHash ??= passwords.hash('no account has this password');
      await passwords.isCorrect(await dummyHash, password);
    },
  };
  return passwords;
}
