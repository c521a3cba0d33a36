import { parseArgs } from 'node:util';
import { startFakeSites } from './fake-sites.js';

/**
 * Runs the fake sites as a process (for Playwright's webServer):
 *   tsx e2e/fakes/main.ts --lichess-port 4101 --explorer-port 4102 --chesscom-port 4103 [--explorer-token T]
 * Ports also come from FAKE_LICHESS_PORT, FAKE_EXPLORER_PORT, FAKE_CHESSCOM_PORT (0 or unset: any free port).
 * Prints one line per site, `lichess http://127.0.0.1:4101`, then `fake sites ready`.
 */

const { values } = parseArgs({
  options: {
    'lichess-port': { type: 'string' },
    'explorer-port': { type: 'string' },
    'chesscom-port': { type: 'string' },
    'explorer-token': { type: 'string' },
  },
});

const port = (flag: string | undefined, env: string | undefined): number | undefined => {
  const value = Number(flag ?? env ?? 0);
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

const sites = await startFakeSites({
  lichessPort: port(values['lichess-port'], process.env.FAKE_LICHESS_PORT),
  explorerPort: port(values['explorer-port'], process.env.FAKE_EXPLORER_PORT),
  chesscomPort: port(values['chesscom-port'], process.env.FAKE_CHESSCOM_PORT),
  explorerToken: values['explorer-token'] ?? process.env.FAKE_EXPLORER_TOKEN,
});

console.log(`lichess ${sites.lichessUrl}`);
console.log(`explorer ${sites.explorerUrl}`);
console.log(`chesscom ${sites.chesscomUrl}`);
console.log('fake sites ready');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sites.close().then(() => process.exit(0));
  });
}
