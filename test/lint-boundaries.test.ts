// The architecture's import rules are lint rules (eslint.config.js): these check that each one still
// fires, by linting small sources placed where the rule applies.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, test } from 'vitest';

const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

let written = 0;
/**
 * Lints the code as a file at that place. It is written there for the time of the lint (as
 * example-<pid>-<n>.ts): the type-aware rules read a file's types from its project, which looks on disk.
 */
async function ruleIds(filePath: string, code: string): Promise<string[]> {
  written += 1;
  const path = join(root, filePath.replace(/\.ts$/, `-${process.pid}-${written}.ts`));
  writeFileSync(path, code);
  try {
    const [result] = await eslint.lintFiles([path]);
    return result.messages.map((m) => m.ruleId ?? m.message);
  } finally {
    rmSync(path, { force: true });
  }
}

// Linting resolves the import graph (no-cycle) and the chess core's types: slow on a busy machine.
describe('architecture boundaries', { timeout: 120_000 }, () => {
  test('web code importing server code is an error', async () => {
    const code = "import type { Db } from '../../server/db/client';\nexport type X = Db;\n";
    expect(await ruleIds('src/web/features/example.ts', code)).toContain('no-restricted-imports');
  });

  test('web code importing the contract is fine', async () => {
    const code = "import type { Card } from '@contract/cards';\nexport type X = Card;\n";
    expect(await ruleIds('src/web/features/example.ts', code)).toEqual([]);
  });

  test('an API path or a raw fetch helper in web code is an error; the typed client is fine', async () => {
    const path = "export const url = '/api/drill/next';\n";
    expect(await ruleIds('src/web/features/example.ts', path)).toContain('no-restricted-syntax');
    const template = 'export const url = (id: number) => `/api/repertoire/sources/${id}`;\n';
    expect(await ruleIds('src/web/features/example.ts', template)).toContain('no-restricted-syntax');
    const raw = "import { apiGet } from '../lib/api-client';\nexport const x = apiGet;\n";
    expect(await ruleIds('src/web/features/example.ts', raw)).toContain('no-restricted-imports');
    const typed = "import { callData } from '../lib/api';\nexport const x = callData;\n";
    expect(await ruleIds('src/web/features/example.ts', typed)).toEqual([]);
  });

  test('the chess core importing server, web, contract or Node is an error', async () => {
    for (const source of ['../server/db/client.js', '../web/lib/api-client', '@contract/cards', 'node:fs']) {
      const code = `import * as x from '${source}';\nexport const y = x;\n`;
      expect(await ruleIds('src/chess/example.ts', code), source).toContain('no-restricted-imports');
    }
  });

  test('the contract importing server code is an error', async () => {
    const code = "import { users } from '../server/db/schema.js';\nexport const x = users;\n";
    expect(await ruleIds('src/contract/example.ts', code)).toContain('no-restricted-imports');
  });

  test('server code importing web code is an error', async () => {
    const code = "import { apiGet } from '../web/lib/api-client';\nexport const x = apiGet;\n";
    expect(await ruleIds('src/server/example.ts', code)).toContain('no-restricted-imports');
  });

  test('a source file over 400 lines is an error', async () => {
    const code = Array.from({ length: 401 }, (_, i) => `export const x${i} = ${i};`).join('\n') + '\n';
    expect(await ruleIds('src/server/example.ts', code)).toContain('max-lines');
  });

  test('a module-level cache in the server is an error', async () => {
    for (const made of [
      'new Map<string, number>()',
      'new LRUCache<string, number>({ max: 10 })',
      'new Set<string>()',
      'new WeakMap<object, number>()',
    ]) {
      const code = `import { LRUCache } from 'lru-cache';\nexport const cache = ${made};\nexport const x = LRUCache;\n`;
      expect(await ruleIds('src/server/example.ts', code), made).toContain('no-restricted-syntax');
    }
  });

  test('a map made inside a function, or a constant set of values, is fine in the server', async () => {
    const code =
      "const SAFE = new Set(['GET', 'HEAD']);\nexport function f(k: string) {\n  const seen = new Map<string, number>();\n  seen.set(k, 1);\n  return SAFE.has(k) ? seen : undefined;\n}\n";
    expect(await ruleIds('src/server/example.ts', code)).toEqual([]);
  });

  test('a constant table (a const typed ReadonlyMap or ReadonlySet) is fine in the server; any other Map is a cache', async () => {
    const tables =
      "export const NAMES: ReadonlyMap<string, number> = new Map([['a', 1]]);\nexport const NONE: ReadonlySet<string> = new Set();\n";
    expect(await ruleIds('src/server/example.ts', tables)).toEqual([]);
    for (const code of [
      'export const cache: Map<string, number> = new Map();\n',
      "export const seen = new Map([['a', 1]]);\n",
      'export let table: ReadonlyMap<string, number> = new Map();\n',
    ]) {
      expect(await ruleIds('src/server/example.ts', code), code).toContain('no-restricted-syntax');
    }
  });

  test('a JSON answer without a zod schema is an error; a stream, file or redirect may be typed only', async () => {
    const header = "import { z } from 'zod';\nimport { answerType, endpoint } from './endpoint.js';\n";
    const typed =
      "export const api = endpoint({ method: 'GET', path: '/api/x', answer: answerType<{ a: number }>() });\n";
    expect(await ruleIds('src/contract/example.ts', header + typed)).toContain('no-restricted-syntax');
    const json =
      "export const api = endpoint({ method: 'GET', path: '/api/x', answer: answerType<number>(), answerKind: 'json' });\n";
    expect(await ruleIds('src/contract/example.ts', header + json)).toContain('no-restricted-syntax');
    const schema =
      "export const api = endpoint({ method: 'GET', path: '/api/x', answer: z.object({ a: z.number() }) });\n";
    const stream =
      "export const s = endpoint({ method: 'GET', path: '/api/s', answer: answerType<never>(), answerKind: 'events' });\n";
    expect(await ruleIds('src/contract/example.ts', header + schema + stream)).toEqual([]);
  });

  test('a server route registered around its endpoint (not with route()) is an error', async () => {
    const code =
      "import type { FastifyInstance } from 'fastify';\nexport function register(app: FastifyInstance) {\n  app.get('/health', async () => ({ ok: true }));\n}\n";
    expect(await ruleIds('src/server/routes/example.ts', code)).toContain('no-restricted-syntax');
  });

  test('a snake_case field in the chess core is an error', async () => {
    for (const code of [
      'export interface X {\n  move_number: number;\n}\n',
      'export const x = { move_number: 1 };\n',
      "export const x = { 'move_number': 1 };\n",
    ]) {
      expect(await ruleIds('src/chess/example.ts', code), code).toContain('no-restricted-syntax');
    }
  });

  test("ts-fsrs's own field names are the only snake_case fields the chess core may keep", async () => {
    const fsrs =
      'export const card = { elapsed_days: 0, scheduled_days: 0 };\nexport interface Log {\n  last_elapsed_days: number;\n  last_review?: string;\n}\n';
    expect(await ruleIds('src/chess/example.ts', fsrs)).toEqual([]);
    const near = 'export const card = { elapsed_days_total: 0 };\n';
    expect(await ruleIds('src/chess/example.ts', near)).toContain('no-restricted-syntax');
  });

  test('camelCase fields and UPPER_CASE constants are fine in the chess core', async () => {
    const code = 'export const MAX_PLIES = 3;\nexport interface X {\n  moveNumber: number;\n}\n';
    expect(await ruleIds('src/chess/example.ts', code)).toEqual([]);
  });

  test('a promise left floating in the chess core is an error (a type-aware rule)', async () => {
    const code = 'export async function f() {\n  return 1;\n}\nexport function g() {\n  f();\n}\n';
    expect(await ruleIds('src/chess/example.ts', code)).toContain('@typescript-eslint/no-floating-promises');
  });

  describe('module cycles', () => {
    const dir = join(root, 'src/server', `lint-cycle-${process.pid}`);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    test('two modules importing each other are an error', async () => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b();\n");
      writeFileSync(join(dir, 'b.ts'), "import { a } from './a.js';\nexport const b = (): unknown => a;\n");
      const [result] = await eslint.lintFiles([join(dir, 'a.ts')]);
      expect(result.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
    });
  });
});
