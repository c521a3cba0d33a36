// The recorded Lichess and Chess.com answers that tests, fakes and benchmarks read (see fixtures/README.md).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Folder of the recorded answers; FIXTURES_DIR overrides it. */
export const fixturesDir = process.env.FIXTURES_DIR || fileURLToPath(new URL('./fixtures', import.meta.url));

/** One fixture file as text, by its path inside the fixtures folder, e.g. 'lichess/games_user_thibault_2025.pgn'. */
export function readFixture(path: string): string {
  return readFileSync(`${fixturesDir}/${path}`, 'utf8');
}
