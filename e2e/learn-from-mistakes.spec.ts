import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';
import { drag } from './support/board';
import { reloadWhileSending } from './support/leaving';
import { SCHOLAR_EVALS } from '../test/scholar-evals';

// A game judged as Lichess judges it, in the browser with the real engine (Stockfish's WebAssembly
// build): the accuracy panel after Analyse, one card per mistake, and Learn from your mistakes
// accepting a good move and rejecting a bad one, then playing on against the engine.

const SCHOLAR = `[Event "Casual game"]
[White "villain"]
[Black "e2e-hero"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
`;
const BEFORE_NF6 = 'r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3';
const WIDE = { width: 1366, height: 768 };
const NARROW = { width: 390, height: 844 };

async function headers(page: Page) {
  const cookies = await page.context().cookies();
  return { 'x-xsrf-token': decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')!.value) };
}

async function saveGame(page: Page, link: string): Promise<number> {
  const saved = await page.request.post('/api/upsert-game-review', {
    data: { pgn: SCHOLAR, hero_color: 'Black', username: 'e2e-hero', opponent_name: 'villain', link },
    headers: await headers(page),
  });
  expect(saved.ok()).toBe(true);
  return (await saved.json()).api_data.id as number;
}

/** Stores an engine analysis of the review at depth 12, as the browser's engine would send it. */
async function storeAnalysis(page: Page, id: number, evals: object[]): Promise<void> {
  const analysed = await page.request.post('/api/game-analysis', {
    data: { game_review_id: id, depth: 12, evals },
    headers: await headers(page),
  });
  expect(analysed.ok()).toBe(true);
}

/** Whether leaving the page now would ask first (a beforeunload listener cancels the event). */
const leaveAsks = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

/** Screenshots at both widths in both themes; `prepare` brings the screen back after each reload. */
async function screens(page: Page, name: string, prepare: () => Promise<void> = async () => {}) {
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await prepare();
      await saveScreen(page, name);
    }
  }
  await page.setViewportSize(WIDE);
  await setTheme(page, 'dark');
}

test('after Analyse the accuracy panel shows each side, and Make card twice gives one card', async ({ page }) => {
  test.setTimeout(400_000);
  await page.setViewportSize(WIDE);
  await signUp(page, newUser('judge'));
  const id = await saveGame(page, 'https://example.com/judge-e2e-1');
  await page.goto(`/game_review?review=${id}`);
  await page.getByRole('region', { name: 'Engine' }).getByRole('button', { name: 'Analyse game' }).click();

  const summary = page.getByRole('region', { name: 'Accuracy' });
  await expect(summary).toBeVisible({ timeout: 90_000 });
  const black = summary.getByTestId('summary-black');
  await expect(black).toContainText('e2e-hero');
  await expect(black.getByRole('definition').nth(2)).toHaveText('1'); // Blunders: 3... Nf6
  await expect(black).toContainText(/Accuracy\s*\d+%/);
  await expect(summary.getByTestId('summary-white')).toContainText(/Accuracy\s*\d+%/);
  // The panel shows what the server stored and answers.
  const stored = (await (await page.request.get(`/api/game-analysis?game_review_id=${id}`)).json()).api_data;
  await expect(black).toContainText(`${stored.accuracy.black}%`);
  await expect(black).toContainText(`Average centipawn loss${stored.acpl.black}`);

  const row = page.getByRole('list', { name: 'Mistakes' }).locator('li').filter({ hasText: '3... Nf6' });
  await expect(row).toContainText('Blunder');
  await expect(row).toContainText('engine');
  // Not in a repertoire (the player has none): no Add to drill.
  await expect(row.getByRole('button', { name: 'Add to drill' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Make card' }).click();
  const open = row.getByRole('link', { name: 'Open card' });
  await expect(open).toBeVisible();
  // A second ask answers the same card; after a reload the row still opens it.
  const again = await page.request.post('/api/mistake-card', {
    data: { mistake_id: (await (await page.request.get('/api/get-game-reviews')).json()).api_data[0].mistakes[0].id },
    headers: await headers(page),
  });
  expect((await again.json()).api_data.created).toBe(false);
  await page.reload();
  await expect(row.getByRole('button', { name: 'Make card' })).toHaveCount(0);
  const cards = (await (await page.request.get('/api/get-cards')).json()).api_data as { id: string; prompt: string }[];
  expect(cards).toHaveLength(1);
  expect(cards[0].prompt).toMatch(/villain vs\. e2e-hero, 3\.\.\. Nf6 \(blunder\)\nBlack to move after 3\. Bc4/);
  await screens(page, 'learn-accuracy');
  await row.getByRole('link', { name: 'Open card' }).click();
  await expect(page).toHaveURL(new RegExp(`/manage_cards\\?card=${cards[0].id}`));
});

test('Learn from your mistakes rejects a bad move, accepts a good one, and plays on against the engine', async ({
  page,
}) => {
  test.setTimeout(400_000);
  await page.setViewportSize(WIDE);
  await signUp(page, newUser('learn'));
  const id = await saveGame(page, 'https://example.com/judge-e2e-2');
  await storeAnalysis(page, id, SCHOLAR_EVALS);
  await page.goto(`/game_review?review=${id}`);
  await page.getByRole('button', { name: /^Learn from your mistakes/ }).click();

  const learn = page.getByRole('region', { name: 'Learn from your mistakes' });
  await expect(learn).toContainText('you played 3... Nf6, a blunder. Find a better move for Black.');
  const board = page.getByRole('group', { name: /^Learn board/ });
  await expect(board).toHaveAttribute('data-fen', BEFORE_NF6);

  // a6 leaves f7 to the queen: rejected, and the board goes back.
  await drag(page, board, 'a7', 'a6');
  await expect(learn.getByRole('status')).toContainText('a6 is not it', { timeout: 60_000 });
  await expect(board).toHaveAttribute('data-fen', BEFORE_NF6);
  // g6 meets the threat.
  await drag(page, board, 'g7', 'g6');
  await expect(learn.getByRole('status')).toContainText('Right: g6', { timeout: 60_000 });
  await expect(learn.getByTestId('learn-line')).toContainText(/^The engine's line: 3\.\.\. /);
  const solveAgain = async () => {
    await page.getByRole('button', { name: /^Learn from your mistakes/ }).click();
    await drag(page, board, 'g7', 'g6');
    await expect(learn.getByRole('status')).toContainText('Right: g6', { timeout: 60_000 });
  };
  await screens(page, 'learn-right', solveAgain);
  // The connection drops as this try is recorded: it is sent again, not lost (counted below).
  let sent = 0;
  await page.route('**/api/learn-attempts', (route) =>
    sent++ === 0 ? route.abort('connectionreset') : route.continue(),
  );
  await solveAgain();

  // A try is recorded while the board already answers, so the last one may still be on its way.
  const training = async () =>
    (await (await page.request.get(`/api/mistake-training?game_review_id=${id}`)).json()).api_data;
  await expect.poll(training).toEqual([expect.objectContaining({ ply: 6, tries: 7, solved: true })]);

  // Every request of the next try fails: once its retries are spent the screen says so, leaving the
  // page asks first, a reload keeps it, and Save again stores it.
  await page.unroute('**/api/learn-attempts');
  await page.route('**/api/learn-attempts', (route) => route.abort('connectionrefused'));
  await learn.getByRole('button', { name: 'Back to the review' }).click();
  await solveAgain();
  const unsent = learn.getByRole('alert');
  await expect(unsent).toContainText('A try was not saved', { timeout: 30_000 });
  expect(await leaveAsks(page)).toBe(true);
  // No reload for the pictures: it would ask, and the try lives only on this page.
  for (const viewport of [WIDE, NARROW])
    for (const theme of ['dark', 'light'] as const) {
      await page.setViewportSize(viewport);
      await page.evaluate((value) => (document.documentElement.dataset.theme = value), theme);
      await unsent.scrollIntoViewIfNeeded();
      await saveScreen(page, 'learn-unsent', { window: true });
    }
  await page.setViewportSize(WIDE);
  await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
  // The player reloads anyway (answering the browser's question): the try is still named on the
  // review, and sent again from there.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  const unsentOnReview = page.getByRole('alert').filter({ hasText: 'A try was not saved' });
  await expect(unsentOnReview).toBeVisible();
  expect(await leaveAsks(page)).toBe(true);
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    await unsentOnReview.scrollIntoViewIfNeeded();
    await saveScreen(page, 'learn-unsent-review', { window: true });
  }
  await page.setViewportSize(WIDE);
  await page.unroute('**/api/learn-attempts');
  await unsentOnReview.getByRole('button', { name: 'Save again' }).click();
  await expect(unsentOnReview).toHaveCount(0);
  await expect.poll(() => leaveAsks(page)).toBe(false);
  await expect.poll(training).toEqual([expect.objectContaining({ ply: 6, tries: 8, solved: true })]);
  await solveAgain();

  await learn.getByRole('button', { name: 'Play on against the engine' }).click();
  // The engine answers for White, and it is Black's move again.
  await expect(learn.getByTestId('learn-play-on')).toContainText('Your move against the engine.', { timeout: 60_000 });
  await expect(board).toHaveAttribute('data-fen', / b /);

  // Every try is kept, the one sent again among them, the good one solving the blunder.
  await expect.poll(training).toEqual([expect.objectContaining({ ply: 6, tries: 9, solved: true })]);

  // The review shows the past result by its mistake, after a reload too.
  await page.reload();
  const row = page.getByRole('list', { name: 'Mistakes' }).locator('li').filter({ hasText: 'Nf6' });
  await expect(row.getByTestId('learn-result')).toHaveText('Learn: found (9 tries)');
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    for (const size of [WIDE, { width: 390, height: 844 }]) {
      await page.setViewportSize(size);
      await expect(row.getByTestId('learn-result')).toBeVisible();
      await row.scrollIntoViewIfNeeded();
      await saveScreen(page, 'learn-result', { window: true });
    }
  }
  await setTheme(page, 'dark');
});

test('a try still on its way when the player reloads is stored all the same', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(WIDE);
  await signUp(page, newUser('learnleave'));
  const id = await saveGame(page, 'https://example.com/judge-e2e-leave');
  await storeAnalysis(page, id, SCHOLAR_EVALS);
  await page.goto(`/game_review?review=${id}`);
  await page.getByRole('button', { name: /^Learn from your mistakes/ }).click();
  const learn = page.getByRole('region', { name: 'Learn from your mistakes' });
  // The try takes its time on the way; the player reloads meanwhile, answering the browser's question.
  await reloadWhileSending(page, '**/api/learn-attempts', async () => {
    await drag(page, page.getByRole('group', { name: /^Learn board/ }), 'g7', 'g6');
    await expect(learn.getByRole('status')).toContainText('Right: g6', { timeout: 60_000 });
  });
  const training = async () =>
    (await (await page.request.get(`/api/mistake-training?game_review_id=${id}`)).json()).api_data;
  await expect.poll(training).toEqual([expect.objectContaining({ ply: 6, tries: 1, solved: true })]);
});

test('Skip and Back to the review stand apart, with the gap of the app’s button rows', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(WIDE);
  await signUp(page, newUser('learngap'));
  const id = await saveGame(page, 'https://example.com/judge-e2e-3');
  // Two mistakes of Black's (2... Nc6 and 3... Nf6), so the first offers Skip.
  const evals = [
    { ply: 0, cp: 25, best_uci: 'e2e4' },
    { ply: 1, cp: 30, best_uci: 'e7e5' },
    { ply: 2, cp: 28, best_uci: 'g1f3' },
    { ply: 3, cp: -5, best_uci: 'g8f6' },
    { ply: 4, cp: 140, best_uci: 'f1c4' },
    { ply: 5, cp: 140, best_uci: 'g7g6' },
    { ply: 6, mate: 1, best_uci: 'h5f7' },
    { ply: 7, mate: 0 },
  ];
  await storeAnalysis(page, id, evals);
  const open = async () => {
    await page.goto(`/game_review?review=${id}`);
    await page.getByRole('button', { name: /^Learn from your mistakes/ }).click();
  };
  await open();
  const learn = page.getByRole('region', { name: 'Learn from your mistakes' });
  await expect(learn).toContainText('you played 2... Nc6, a mistake.');
  const skip = learn.getByRole('button', { name: 'Skip' });
  const back = learn.getByRole('button', { name: 'Back to the review' });
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    const a = (await skip.boundingBox())!;
    const b = (await back.boundingBox())!;
    // Side by side or wrapped onto the next row, never touching: 0.8rem is 8 px.
    const apart = Math.max(b.x - (a.x + a.width), b.y - (a.y + a.height));
    expect(apart).toBeGreaterThanOrEqual(7.5);
  }
  await screens(page, 'learn-skip', async () => {
    await open();
    await back.scrollIntoViewIfNeeded();
  });
  await open();
  await skip.click();
  await expect(learn).toContainText('you played 3... Nf6, a blunder.');
});
