// The end-to-end tests, split over E2E_SHARDS Playwright runs side by side (2 by default). Each run has
// its own app, fake sites, data folder and ports (E2E_PORT + 100 per shard), so a test that changes the
// fake sites' behaviour touches only its own run. One run keeps the 2 cores busy only two thirds of the
// time (a test often waits on the app or an animation): two runs took the whole suite from 11.9 to
// 6.6 min on this machine, with traces recorded only on a retry. Arguments (a spec file, --grep …) run
// one Playwright with them instead.
import { execSync, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const args = process.argv.slice(2);
const basePort = Number(process.env.E2E_PORT ?? 3100);
const shards = args.length > 0 ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 2));

// Built once here: the runs' servers would otherwise build at the same time into the same folder.
execSync('node scripts/build-if-needed.mjs', { stdio: 'inherit' });

function run(index) {
  const shardArgs = shards > 1 ? [`--shard=${index + 1}/${shards}`] : [];
  const child = spawn('npx', ['playwright', 'test', ...shardArgs, ...args], {
    env: {
      ...process.env,
      // Each run makes its own (playwright.config.ts).
      E2E_DATA_DIR: shards > 1 ? undefined : process.env.E2E_DATA_DIR,
      E2E_PORT: String(basePort + index * 100),
      E2E_OUTPUT_DIR: shards > 1 ? `test-results/shard-${index + 1}` : 'test-results/artifacts',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const label = shards > 1 ? `[${index + 1}/${shards}] ` : '';
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(label + line));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const codes = await Promise.all(Array.from({ length: shards }, (_, index) => run(index)));
const failed = codes.filter((code) => code !== 0).length;
if (shards > 1)
  console.log(failed ? `${failed} of ${shards} end-to-end runs failed` : `all ${shards} end-to-end runs passed`);
process.exit(failed ? 1 : 0);
