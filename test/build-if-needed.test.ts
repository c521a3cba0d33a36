import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript script without types
import { BUILDS, staleBuilds } from '../scripts/build-if-needed.mjs';

interface Build {
  name: string;
  output: string;
  sources: string[];
}
const builds = BUILDS as Build[];
const stale = (root: string) => (staleBuilds(root) as Build[]).map((build) => build.name).sort();

let root: string;
const past = new Date(Date.now() - 60_000);
const built = new Date(Date.now() - 30_000);

/** Writes a file with the given time, making its folders. */
function writeAt(path: string, time: Date) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), 'x');
  utimesSync(join(root, path), time, time);
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'chess-prep-build-'));
  for (const build of builds) {
    for (const source of build.sources) writeAt(source.includes('.') ? source : join(source, 'a.ts'), past);
    writeAt(build.output, built);
  }
  // Folders carry the time of their last added or removed file.
  for (const build of builds) {
    for (const source of build.sources) if (!source.includes('.')) utimesSync(join(root, source), past, past);
  }
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build-if-needed', () => {
  it('builds nothing when every output is newer than its sources', () => {
    expect(stale(root)).toEqual([]);
  });

  it('builds everything when the outputs are missing', () => {
    rmSync(join(root, 'dist'), { recursive: true });
    expect(stale(root)).toEqual(['server', 'web']);
  });

  const cases: [string, string[]][] = [
    ['src/contract/a.ts', ['server', 'web']],
    ['src/chess/a.ts', ['server', 'web']],
    ['src/server/a.ts', ['server']],
    ['src/server/db/migrations/0099_new.sql', ['server']],
    ['src/web/a.ts', ['web']],
    ['src/web/index.html', ['web']],
    ['vite.config.ts', ['web']],
    ['scripts/build-server.mjs', ['server']],
    ['tsconfig.json', ['server', 'web']],
    ['package.json', ['server', 'web']],
  ];
  it.each(cases)('a change in %s rebuilds %j', (path, expected) => {
    writeAt(path, new Date());
    expect(stale(root)).toEqual(expected);
  });
});
