import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { DataDirLockedError } from './db/data-dir-lock.js';

const config = loadConfig();
// The database starts opening (its WebAssembly compiled on background threads, its files read) while
// the app's modules load: both are needed before the first answer.
const opening = openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dir: config.dataDir });
opening.catch(() => {}); // handled below, once the modules are in
const [{ buildApp }, { warmRepertoireWorkers }] = await Promise.all([
  import('./app.js'),
  import('./openings/repertoire-cache.js'),
]);
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
  await app.listen({ port: config.port, host: config.host });
  warmRepertoireWorkers();
  // The opening names are read once, after the first requests can be served rather than during one.
  setTimeout(() => void import('./openings/opening-names.js').then(({ openingIndex }) => openingIndex()), 200).unref();
  // The embedded database has no autovacuum to keep its planner's statistics: gathered once here.
  if (database.kind === 'pglite') {
    const { analyzeTables } = await import('./db/table-statistics.js');
    void analyzeTables(database.db).catch((error: unknown) => app.log.warn({ err: error }, 'ANALYZE failed'));
  }
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
