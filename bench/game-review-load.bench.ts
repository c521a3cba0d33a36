// Time for a player to see a game on the game review screen, in Chromium against the built web app
// served by the server as shipped (precompressed, cached assets): from navigation to the game's moves
// on screen. Cold: a new browser profile (nothing cached). Warm: the same tab loading the page again.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { SESSION_COOKIE } from '../src/server/plugins/session';
import { reviewPayload } from '../test/game-review-payload';
import { openTestDatabase, signedInUser, startTestServer } from '../test/helper';

const RUNS = 9;

execFileSync('node', ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const database = await openTestDatabase('pglite');
const server = await startTestServer(database, { webDir: resolve('dist/web') });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const user = await signedInUser(server.app, server.url, { lichess: 'thibault' });
  const saved = await user.client.postJson<{ api_data: { id: number } }>('/api/upsert-game-review', reviewPayload());
  if (saved.status !== 200) throw new Error(`saving the review failed: ${saved.status} ${saved.text}`);
  const url = `${server.url}/game_review?review=${saved.body.api_data.id}`;
  const cookie = { name: SESSION_COOKIE, value: user.client.cookies.get(SESSION_COOKIE)!, url: server.url };

  const cold: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext();
    await context.addCookies([cookie]);
    const page = await context.newPage();
    // The page notes when the first move of the game enters the document (Playwright's own waiting
    // polls, and would add up to half a second); times count from the start of the navigation.
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (!document.querySelector('[aria-label="Moves"] button.gr-move')) return;
        (window as unknown as { shownAt: number }).shownAt = performance.now();
        seen.disconnect();
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    const show = async () => {
      await page.goto(url, { waitUntil: 'commit' });
      await page.waitForFunction(() => (window as unknown as { shownAt?: number }).shownAt !== undefined);
      return page.evaluate(() => (window as unknown as { shownAt: number }).shownAt);
    };
    cold.push(await show());
    warm.push(await show());
    await context.close();
  }
  console.log(`game_review_time_to_game_cold_median: ${median(cold).toFixed(0)} ms`);
  console.log(`game_review_time_to_game_warm_median: ${median(warm).toFixed(0)} ms`);
} finally {
  await browser.close();
  await server.close();
  await database.close();
}
