import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { buildWebApp } from './web-app.js';

// V8 runs PGlite's WebAssembly with its baseline compiler and recompiles a function with the optimising
// compiler once it has run a while (its tiering budget: 1.8 million, roughly bytes of code run). Opening
// the database runs much code once, which at that budget queued about 1 s of optimising compiles on
// other threads before the first answer, for code that does not run again. At 600 million the code that
// keeps running is still optimised; requests were no slower. It must be set before PGlite is compiled.
setFlagsFromString('--wasm-tiering-budget=600000000');

const config = loadConfig();

// The page is served first, by an app of the web files alone; API requests wait for the whole app, which
// needs the database. The data folder is locked before anything listens, so a second server on the same
// folder stops without answering anything.
let wholeBuilt!: (app: FastifyInstance) => void;
const whole = new Promise<FastifyInstance>((resolve) => (wholeBuilt = resolve));
let pagesServed!: () => void;
const serving = new Promise<void>((resolve) => (pagesServed = resolve));
const opening = openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dir: config.dataDir }, {
  beforeOpening: () => serving,
  // Made by scripts/build-server.mjs beside dist/server: a new data folder starts from a copy of it.
  template: fileURLToPath(new URL('../pglite-template', import.meta.url)),
});
opening.catch((error: unknown) => {
  if (!(error instanceof DataDirLockedError)) return; // thrown where the database is awaited, below
  console.error(error.message);
  process.exit(1);
});

const web = await buildWebApp(config, whole);
// A promise a library leaves unawaited (pg-boss marks a job complete so) must not take every player's
// requests down with it when the database refuses it once: it is logged, and the server serves on.
process.on('unhandledRejection', (reason) => web.log.error({ err: reason }, 'unhandled rejection'));
try {
  const address = await web.listen({ port: config.port, host: config.host });
  // With logging off nothing else tells where the server answers (PORT=0 picks a free port).
  if (!config.logger) console.log(`Listening at ${address}`);
} catch (error) {
  web.log.error(error);
  process.exit(1);
}
pagesServed();

const { buildApp } = await import('./app.js');
const database = await opening;
const app = await buildApp(config, { database });
// The whole app stops as one that listens does: its preClose hooks (answers end their connections, jobs
// hand their work back), then the listening socket closes once the answers in flight are out, then its
// onClose hooks and the database.
app.addHook('preClose', async () => {
  await web.close();
});
app.addHook('onClose', () => database.close());

// Work for later requests waits until the first API answer is sent (or 2 s): warming the workers reads a
// study on both cores, and ANALYZE holds the embedded database, both in the first answers' way.
let laterWork: (() => void) | undefined = () => {
  laterWork = undefined;
  app.repertoireCache.warmWorkers();
  // The embedded database has no autovacuum to keep its planner's statistics: gathered once here.
  if (database.kind === 'pglite') {
    void import('./db/table-statistics.js')
      .then(({ analyzeTables }) => analyzeTables(database.db))
      .catch((error: unknown) => app.log.warn({ err: error }, 'ANALYZE failed'));
  }
};
app.addHook('onResponse', async () => laterWork?.());
await app.ready();
wholeBuilt(app);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // Requests in flight get a few seconds to finish (an import stops between two statements).
    setTimeout(() => {
      app.log.warn('requests still open after 10 s; exiting anyway');
      process.exit(0);
    }, 10_000).unref();
    void app.close().then(() => process.exit(0));
  });
}

setTimeout(() => laterWork?.(), 2_000).unref();
// The opening names are read once, after the first requests can be served rather than during one.
setTimeout(() => void import('./openings/opening-names.js').then(({ openingIndex }) => openingIndex()), 200).unref();
