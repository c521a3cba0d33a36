import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { DataDirLockedError } from './db/data-dir-lock.js';
import { warmRepertoireWorkers } from './openings/repertoire-cache.js';

const config = loadConfig();
const app = await buildApp(config).catch((error: unknown) => {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
});

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
} catch (error) {
  app.log.error(error);
  process.exit(1);
}
