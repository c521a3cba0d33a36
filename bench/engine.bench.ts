// The browser engine on a whole game, in Chromium against the built web app as shipped: "Analyse
// game" on a 40-move game (81 positions) at depth 12, from the click to the analysis stored, with the
// longest main-thread task seen meanwhile (Long Tasks API: tasks over 50 ms; 0 when none).
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { mainlineMoves, parseGames, splitPgn } from '../src/chess/index';

import { SESSION_COOKIE } from '../src/server/plugins/session';
import { readFixture } from '../test/fixtures';
import { reviewPayload } from '../test/game-review-payload';
import { openTestDatabase, signedInUser, startTestServer } from '../test/helper';

const MOVES = 40;
const DEPTH = 12;

execFileSync('node', ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });

/** The first recorded game of 40 moves or more, cut to its first 40 moves. */
function fortyMoveGame(): string {
  for (const text of splitPgn(readFixture('lichess/games_user_thibault_2025.pgn'))) {
    const games = parseGames(text);
    if (games.isErr) continue;
    const moves = mainlineMoves(games.value[0]);
    if (moves.length < MOVES * 2) continue;
    return moves
      .slice(0, MOVES * 2)
      .map((m, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${m.san}` : m.san))
      .join(' ');
  }
  throw new Error('no recorded game of 40 moves');
}

const database = await openTestDatabase('pglite');
const server = await startTestServer(database, { webDir: resolve('dist/web') });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const user = await signedInUser(server.app, server.url);
  const saved = await user.client.postJson<{ api_data: { id: number } }>(
    '/api/upsert-game-review',
    reviewPayload({ pgn: `${fortyMoveGame()} *`, link: null }),
  );
  if (saved.status !== 200) throw new Error(`saving the review failed: ${saved.status} ${saved.text}`);
  const context = await browser.newContext();
  await context.addCookies([
    { name: SESSION_COOKIE, value: user.client.cookies.get(SESSION_COOKIE)!, url: server.url },
  ]);
  const page = await context.newPage();
  await page.addInitScript((depth) => localStorage.setItem('engine-depth', String(depth)), DEPTH);
  await page.goto(`${server.url}/game_review?review=${saved.body.api_data.id}`);
  await page.locator('.gr-analysis .button-primary').waitFor();
  await page.waitForTimeout(1000);
  await page.evaluate(() => {
    const w = window as unknown as { longest: number };
    w.longest = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longest = Math.max(w.longest, entry.duration);
    }).observe({ type: 'longtask' });
  });
  const started = Date.now();
  await page.locator('.gr-analysis .button-primary').click();
  // Stored: the panel then says so. Checked once a second with a plain selector, so the waiting adds
  // next to nothing to the main thread being measured.
  await page.waitForFunction(
    () => document.querySelector('.gr-analysis-meta')?.textContent?.includes('every position') ?? false,
    undefined,
    { polling: 1000, timeout: 600_000 },
  );
  const seconds = (Date.now() - started) / 1000;
  const longest = await page.evaluate(() => (window as unknown as { longest: number }).longest);
  console.log(`engine_game_${MOVES}_moves_depth_${DEPTH}_s: ${seconds.toFixed(1)} s`);
  console.log(`engine_longest_main_thread_task_ms: ${Math.round(longest)} ms`);
} finally {
  await browser.close();
  await server.close();
  await database.close();
}
