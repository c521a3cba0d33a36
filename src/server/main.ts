import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';

const config = loadConfig();
// The database starts opening (its WebAssembly compiled on background threads, its files read) while
// the app's modules load: both are needed before the first answer.
const opening = openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dir: config.dataDir });
opening.catch(() => {}); // handled below, once the modules are in
const { buildApp } = await import('./app.js');
const database = await opening.catch((error: unknown) => {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
});
const app = await buildApp(config, { database });
app.addHook('onClose', () => database.close());

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

try {
  // Work for later requests waits until the first answer is sent (or 2 s): warming the workers reads a
  // study on both cores, and ANALYZE holds the embedded database, both in the first answer's way.
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
  await app.listen({ port: config.port, host: config.host });
  setTimeout(() => laterWork?.(), 2_000).unref();
  // The opening names are read once, after the first requests can be served rather than during one.
  setTimeout(() => void import('./openings/opening-names.js').then(({ openingIndex }) => openingIndex()), 200).unref();
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
