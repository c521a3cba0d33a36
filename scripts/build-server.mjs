// Compiles the server to JavaScript in dist/server (npm start runs it with plain node, scripts/start.mjs):
// our code and the packages it uses in one bundle (Node resolving, reading and compiling some 700 package
// files one by one was a third of a start), the repertoire and optimise workers beside it, and the
// database migrations where the bundle looks for them. Modules imported on demand stay chunks of their
// own. Then the template database a new DATA_DIR starts from (dist/pglite-template), when it changed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';

/**
 * Packages loaded from node_modules at run time: native addons, PGlite (its WebAssembly and data files
 * are found beside its own modules), @fastify/cookie (it imports the CommonJS `cookie` with import(),
 * whose named exports a bundle would lose), optional drivers that are not installed, and the parts of
 * Fastify that only load when asked for (JSON-schema compilers, which the app replaces with zod's;
 * inject).
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'argon2',
  '@open-spaced-repetition/binding',
  '@fastify/cookie',
  'pg-native',
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'light-my-request',
];

// CommonJS packages inside an ES module bundle still call require and read __dirname.
const banner = [
  "import { createRequire as __createRequire } from 'node:module';",
  "import { fileURLToPath as __fileURLToPath } from 'node:url';",
  "import { dirname as __pathDirname } from 'node:path';",
  'const require = __createRequire(import.meta.url);',
  'const __filename = __fileURLToPath(import.meta.url);',
  'const __dirname = __pathDirname(__filename);',
].join(' ');

/**
 * zod's error messages in its 60-odd languages (290 KB of the bundle, parsed at every start) are reached
 * only through `z.locales`, which the server never reads: it answers in English, zod's default. The
 * bundle's `z.locales` holds English alone.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, ({ importer, resolveDir }) =>
      /[\\/]zod[\\/]v4[\\/](classic|core)[\\/]/.test(importer)
        ? { path: join(resolveDir, '..', 'locales', 'english-only.js'), namespace: 'zod-locales' }
        : undefined,
    );
    pluginBuild.onLoad({ filter: /.*/, namespace: 'zod-locales' }, ({ path }) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: dirname(path),
      loader: 'js',
    }));
  },
};

rmSync('dist/server', { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/server/main.ts',
    'repertoire-worker': 'src/server/openings/repertoire-worker.ts',
    'optimise-worker': 'src/server/today/optimise-worker.ts',
    'db-template': 'src/server/db/db-template.ts',
    'pglite-thread-host': 'src/server/db/pglite-thread-host.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  external: EXTERNAL,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  banner: { js: banner },
  // Less text for V8 to read and parse at each start; names stay, so stack traces read as before.
  minifyWhitespace: true,
  minifySyntax: true,
  legalComments: 'linked',
  sourcemap: true,
  sourcesContent: false,
  splitting: true,
  logLevel: 'warning',
  plugins: [zodEnglishOnly],
});
cpSync('src/server/db/migrations', 'dist/server/migrations', { recursive: true });

/**
 * A new data folder starts from a copy of a migrated, empty cluster instead of creating one (initdb)
 * and migrating it there: about 10 s of CPU less at such a start. The cluster depends only on the
 * migrations and PGlite's version, so it is made again only when those change (some 10 s here).
 */
const TEMPLATE = 'dist/pglite-template';
const templateKey = createHash('sha256');
for (const file of [
  'node_modules/@electric-sql/pglite/package.json',
  'src/server/db/client.ts',
  'src/server/db/db-template.ts',
]) {
  templateKey.update(file).update(readFileSync(file));
}
const migrations = 'src/server/db/migrations';
for (const name of readdirSync(migrations, { recursive: true }).map(String).sort()) {
  if (name.endsWith('.sql') || name.endsWith('.json')) {
    templateKey.update(name).update(readFileSync(join(migrations, name)));
  }
}
const key = templateKey.digest('hex');
const keyFile = `${TEMPLATE}.key`;
if (!existsSync(keyFile) || readFileSync(keyFile, 'utf8') !== key) {
  rmSync(keyFile, { force: true });
  execFileSync(process.execPath, ['dist/server/db-template.js', TEMPLATE], { stdio: 'inherit' });
  writeFileSync(keyFile, key);
}
