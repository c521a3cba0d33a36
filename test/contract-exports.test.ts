// Every export of the contract (src/contract) is used outside its own module: an answer type or a
// schema nobody reads is a promise the API no longer keeps.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';

const root = join(import.meta.dirname, '..');
const READERS = ['src', 'test', 'bench', 'e2e', 'scripts'];

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'fixtures') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.(ts|tsx|mjs)$/.test(name)) yield path;
  }
}

const EXPORTED = /^export (?:const|type|interface|function|enum|class) (\w+)/gm;

/** "module: name" for each export no other file names. */
export function unusedExports(modules: Map<string, string>, readers: Map<string, string>): string[] {
  const wordsOf = new Map([...readers].map(([path, text]) => [path, new Set(text.match(/\w+/g) ?? [])]));
  const unused: string[] = [];
  for (const [module, text] of modules) {
    for (const [, name] of text.matchAll(EXPORTED)) {
      const used = [...wordsOf].some(([path, words]) => path !== module && words.has(name));
      if (!used) unused.push(`${module}: ${name}`);
    }
  }
  return unused;
}

test('every contract export is used outside its module', () => {
  const readers = new Map<string, string>();
  for (const dir of READERS) {
    for (const path of sourceFiles(join(root, dir))) readers.set(relative(root, path), readFileSync(path, 'utf8'));
  }
  const modules = new Map([...readers].filter(([path]) => /^src\/contract\/[\w-]+\.ts$/.test(path)));
  expect(modules.size).toBeGreaterThan(20);
  expect(unusedExports(modules, readers)).toEqual([]);
});

test('an export only its own module names is caught', () => {
  const modules = new Map([['src/contract/x.ts', 'export const used = 1;\nexport type Lonely = number;\n']]);
  const readers = new Map([...modules, ['src/web/y.ts', "import { used } from '@contract/x';"]]);
  expect(unusedExports(modules, readers)).toEqual(['src/contract/x.ts: Lonely']);
});
