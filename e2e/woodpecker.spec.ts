import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';
import { drag } from './support/board';
import { reloadWhileSending } from './support/leaving';

// A Woodpecker set of the player's own mistakes: solved once (one wrong, one right), then again
// against half the time, with the cycle compared with the last.

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

async function headers(page: Page) {
  const cookies = await page.context().cookies();
  return { 'x-xsrf-token': decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')!.value) };
}

async function saveMistakes(page: Page) {
  const saved = await page.request.post('/api/upsert-game-review', {
    data: {
      pgn: '1. a3 f6 2. e4 e5 1-0',
      hero_color: 'White',
      username: 'e2e-hero',
      opponent_name: 'villain',
      link: null,
    },
    headers: await headers(page),
  });
  expect(saved.ok()).toBe(true);
  const id = (await saved.json()).api_data.id as number;
  for (const mistake of [
    { ply: 1, fen: START, move: 'a3', better_move: 'e4' },
    { ply: 2, fen: AFTER_E4, move: 'f6', better_move: 'e5' },
  ]) {
    const added = await page.request.post('/api/upsert-mistake', {
      data: { game_review_id: id, ...mistake },
      headers: await headers(page),
    });
    expect(added.ok()).toBe(true);
  }
}

/** Plays the right move (or a wrong one) at the position shown, read from its prompt. */
async function answer(page: Page, right: boolean) {
  const board = page.getByRole('group', { name: /^Woodpecker position/ });
  const prompt = page.locator('.woodpecker-prompt');
  await expect(prompt).toBeVisible();
  // A position is being solved once the last answer's note has gone.
  await expect(page.getByTestId('woodpecker-note')).toHaveText('');
  const white = (await prompt.textContent())!.startsWith('White');
  if (white) await (right ? drag(page, board, 'e2', 'e4') : drag(page, board, 'h2', 'h3'));
  else await (right ? drag(page, board, 'e7', 'e5') : drag(page, board, 'h7', 'h6'));
}

test('a set of my mistakes is solved in two cycles, the second against half the time of the first', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('wood'));
  await page.goto('/woodpecker');
  await expect(page.getByTestId('woodpecker-empty')).toBeVisible();
  // Nothing to make a set of yet: the server says why.
  await page.getByRole('button', { name: 'Make set' }).click();
  await expect(page.getByTestId('woodpecker-create-error')).toContainText('No mistakes with a better move');

  await saveMistakes(page);
  await page.getByLabel('Positions (1-500)').fill('10');
  await page.getByLabel('Name (optional)').fill('Opening slips');
  await saveScreen(page, 'woodpecker-sets');
  await page.getByRole('button', { name: 'Make set' }).click();
  await expect(page.getByRole('heading', { name: 'Opening slips' })).toBeVisible();
  await expect(page.getByTestId('woodpecker-cycle')).toHaveText(
    'Cycle 1 · this cycle sets the pace · 0 of 2 done · 0 right',
  );

  await answer(page, false);
  await expect(page.getByTestId('woodpecker-note')).toContainText('is not it: the move is');
  await saveScreen(page, 'woodpecker-wrong');
  await page.getByRole('button', { name: 'Next position' }).click();
  await answer(page, true);
  await expect(page.getByTestId('woodpecker-done')).toContainText('Cycle 1 done: 1 of 2 right');
  await saveScreen(page, 'woodpecker-cycle-done');
  await page.getByRole('button', { name: 'Start cycle 2' }).click();
  await expect(page.getByTestId('woodpecker-cycle')).toContainText('Cycle 2 · target');
  await expect(page.getByTestId('woodpecker-history')).toContainText('1 of 2');

  await answer(page, true);
  await expect(page.getByTestId('woodpecker-note')).toContainText('Right');
  await answer(page, true);
  await expect(page.getByTestId('woodpecker-done')).toContainText('Cycle 2 done: 2 of 2 right');
  await expect(page.getByTestId('woodpecker-done')).toContainText('1 more right (1 of 2');

  // The list shows the set with its last cycle; phone width and the light theme keep it readable.
  await page.getByRole('button', { name: '← Your sets' }).click();
  await expect(page.getByTestId('woodpecker-sets')).toContainText('last cycle 2 of 2 right');
  await saveScreen(page, 'woodpecker-sets');
  await setTheme(page, 'light');
  await saveScreen(page, 'woodpecker-sets');
  await page.setViewportSize(PHONE);
  await page
    .getByRole('button', { name: 'Go on' })
    .or(page.getByRole('button', { name: 'Solve' }))
    .first()
    .click();
  await expect(page.locator('.woodpecker-prompt')).toBeVisible();
  await saveScreen(page, 'woodpecker-solver');
  await setTheme(page, 'dark');
  await saveScreen(page, 'woodpecker-solver');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('an answer still on its way when the player reloads is stored all the same', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('woodleave'));
  await saveMistakes(page);
  await page.goto('/woodpecker');
  await page.getByRole('button', { name: 'Make set' }).click();
  const cycle = page.getByTestId('woodpecker-cycle');
  await expect(cycle).toContainText('0 of 2 done');
  await reloadWhileSending(page, '**/api/woodpecker/sets/*/attempts', () => answer(page, true));
  await expect(cycle).toContainText('1 of 2 done');
});
