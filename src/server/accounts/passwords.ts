import { argon2id, hash, verify } from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes): memory-hard, about 0.1 s per hash. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { type: argon2id });
}

export async function isPasswordCorrect(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never lets anyone in.
    return false;
  }
}
