// Lint: typescript-eslint's recommended rules, React hooks, and the architecture's boundaries
// (docs/architecture.md): the chess core imports neither server nor web, the web never imports the
// server (only the API contract), the contract imports no side, and no module cycles; no module-level
// cache in the server and no snake_case field in the chess core.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const serverImports = {
  group: ['**/server', '**/server/**'],
  message: 'Import the API contract (@contract/...), never server code.',
};
/** The raw fetch helpers of src/web/lib/api-client.ts, which only the typed client calls. */
const API_CLIENT_CALLS = [
  'apiGet',
  'apiPostForm',
  'apiPostJson',
  'apiPatchJson',
  'apiDelete',
  'apiPostMultipart',
  'apiPostEventStream',
  'apiPostJsonEventStream',
];
const webImports = { group: ['**/web', '**/web/**'], message: 'Only the web app imports web code.' };

/** A new WeakMap/WeakSet/LRUCache: a cache when made at module level. */
const CACHE_CONSTRUCTORS = 'NewExpression[callee.name=/^(WeakMap|WeakSet|LRUCache)$/]';
/** A new Map (or an empty Set): a cache when made at module level, unless it is a constant table. */
const TABLE_CONSTRUCTORS = 'NewExpression[callee.name="Map"], NewExpression[callee.name="Set"][arguments.length=0]';
/** A constant table: a const typed ReadonlyMap or ReadonlySet, so nothing is added to it after it is made. */
const CONSTANT_TABLE =
  'VariableDeclaration[kind="const"] > VariableDeclarator[id.typeAnnotation.typeAnnotation.typeName.name=/^Readonly(Map|Set)$/]';
/** The server files whose module-level state is process-wide by nature. */
const PROCESS_WIDE_STATE = [
  // The folders this process has locked: another app of the process must not take one of them again.
  'src/server/db/data-dir-lock.ts',
  // Turns of a player's deck writers on the embedded database, which one process owns: every app on it takes them.
  'src/server/drill/drill-writer.ts',
];
const SNAKE_CASE = '/^[a-z][a-z0-9]*(_[a-z0-9]+)+$/';
/**
 * ts-fsrs's own field names (its Card, ReviewLog and parameters), which the scheduling code hands to
 * the library and takes from it as they are: the only snake_case fields the chess core keeps.
 */
const TS_FSRS_FIELDS =
  '/^(elapsed_days|last_elapsed_days|scheduled_days|last_review|request_retention|maximum_interval|enable_fuzz|enable_short_term)$/';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      // Cycles among our own modules; walking into packages cost most of the lint's time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // One concept per file: past 400 lines a file is split.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [serverImports] }],
    },
  },
  {
    // Every call names its endpoint (src/contract) through the one typed client, src/web/lib/api.ts.
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/api.ts', 'src/web/lib/api-client.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value=/^\\/api\\//]', 'TemplateElement[value.raw=/^\\/api\\//]'].map((selector) => ({
          selector,
          message: 'No API path in the web: call its endpoint (src/contract) with src/web/lib/api.ts.',
        })),
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            {
              group: ['**/api-client', '**/api-client.js'],
              importNames: API_CLIENT_CALLS,
              message: 'Call an endpoint with src/web/lib/api.ts (call, callData, callEvents, hrefOf).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/chess/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            webImports,
            {
              group: ['node:*', '**/contract/**', '@contract/*'],
              message: 'The chess core is pure: no I/O, no API shapes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverImports, webImports] }] },
  },
  {
    // Every JSON answer has a zod schema, which the server checks what it sends against; a type alone
    // is for answers that are not JSON (an event stream, a file, a redirect).
    files: ['src/contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          ':not(:has(> Property[key.name="answerKind"]))',
          ':has(> Property[key.name="answerKind"][value.value="json"])',
        ].map((json) => ({
          selector: `CallExpression[callee.name="endpoint"] > ObjectExpression${json} > Property[key.name="answer"] > CallExpression[callee.name="answerType"]`,
          message:
            'A JSON answer needs a zod schema, checked as it is sent; answerType is for streams, files, redirects.',
        })),
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [webImports] }] },
  },
  {
    // State belongs to an app instance (a decorator or plugin), so two apps in one process share none.
    files: ['src/server/**/*.ts'],
    ignores: ['**/*.test.ts', ...PROCESS_WIDE_STATE],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Program > VariableDeclaration', 'Program > ExportNamedDeclaration > VariableDeclaration'].flatMap((at) =>
          [
            `${at} > VariableDeclarator > ${CACHE_CONSTRUCTORS}`,
            `${at} > VariableDeclarator:not(${CONSTANT_TABLE}) > :matches(${TABLE_CONSTRUCTORS})`,
          ].map((selector) => ({
            selector,
            message: 'No cache at module level in the server: keep it on the app instance (a decorator or plugin).',
          })),
        ),
        {
          // Routes come from their endpoint (route() in src/server/routes/route.ts), with its schemas.
          selector:
            'CallExpression[callee.object.name="app"][callee.property.name=/^(get|post|put|patch|delete|route)$/]',
          message: 'Register a route with route() from its endpoint in src/contract, so its schemas are declared.',
        },
      ],
    },
  },
  {
    // The chess core speaks chess in camelCase; wire names (snake_case) belong to the contract and the
    // server's mapping. Only ts-fsrs's own field names pass.
    files: ['src/chess/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          ['Identifier', 'name'],
          ['Literal', 'value'],
        ].map(([node, name]) => ({
          selector: `:matches(Property, TSPropertySignature, PropertyDefinition) > ${node}.key[${name}=${SNAKE_CASE}]:not([${name}=${TS_FSRS_FIELDS}])`,
          message: 'No snake_case field in the chess core: wire names belong to the contract and the server.',
        })),
      ],
    },
  },
  {
    // Type-aware rules where the types come cheap: the chess core has its own small tsconfig. The
    // server and the web are checked by tsc only until a type-aware run over them fits in lint's time.
    files: ['src/chess/**/*.ts'],
    ignores: ['**/*.test.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  prettier,
);
