import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { startCommand } from './scripts/start-command';

// The app runs on a fresh DATA_DIR per test run; workers inherit it through the environment so tests
// can read the mail outbox. The fake chess sites run beside it when they exist.
const appPort = Number(process.env.E2E_PORT ?? 3100);
const fakePorts = { lichess: appPort + 1, explorer: appPort + 2, chesscom: appPort + 3 };
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'chess-prep-e2e-')));
export const baseURL = `http://127.0.0.1:${appPort}`;

const haveFakes = existsSync('e2e/fakes/main.ts');
const fakeToken = 'e2e-explorer-token';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/artifacts',
  workers: 1,
  fullyParallel: false,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    // Recording a trace costs about a third of the run's CPU (the browser encodes a picture of every
    // change): only a retried test records one, unless E2E_TRACE=1 asks for one of every failure.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    ...(haveFakes
      ? [
          {
            command: `tsx e2e/fakes/main.ts --lichess-port ${fakePorts.lichess} --explorer-port ${fakePorts.explorer} --chesscom-port ${fakePorts.chesscom} --explorer-token ${fakeToken}`,
            wait: { stdout: /fake sites ready/ },
            reuseExistingServer: false,
            timeout: 60_000,
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
          },
        ]
      : []),
    {
      // As shipped: `npm start`'s script, which builds what is out of date and runs the bundled server.
      command: startCommand(),
      url: `${baseURL}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
      env: {
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        LICHESS_URL: `http://127.0.0.1:${fakePorts.lichess}`,
        LICHESS_EXPLORER_URL: `http://127.0.0.1:${fakePorts.explorer}`,
        CHESSCOM_URL: `http://127.0.0.1:${fakePorts.chesscom}`,
        LICHESS_TOKEN: fakeToken,
        // Every test signs up fresh players; the integration suite covers the limits themselves.
        RATE_LIMITS: 'off',
        // A shorter pause between explorer lookups keeps the coverage test quick.
        EXPLORER_INTERVAL_MS: '200',
        // Games come in on Today's loads; the hourly look for every player would change other tests' lists.
        GAME_IMPORT_EVERY_MS: '0',
      },
    },
  ],
});
