// `npm start`'s command as package.json has it, for what runs the server as shipped (the browser tests,
// the benches), with the Node flags it passes (the young generation's size: docs/hardening.md).
import { readFileSync } from 'node:fs';

const packageJson = new URL('../package.json', import.meta.url);

/** The start script: 'node <flags> scripts/start.mjs'. */
export const startCommand = (): string =>
  (JSON.parse(readFileSync(packageJson, 'utf8')) as { scripts: { start: string } }).scripts.start;

/** The Node flags `npm start` runs the server with. */
export const startNodeFlags = (): string[] =>
  startCommand()
    .split(/\s+/)
    .filter((word) => word.startsWith('--'));
