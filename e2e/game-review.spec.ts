import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { DESKTOP, PHONE, saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';

// The game review screen against the fake Lichess and Chess.com (thibault's and Fabiano Caruana's real games).

const board = (page: Page) => page.locator('#main .board').first();
const stepLabel = (page: Page) => page.getByRole('toolbar', { name: 'Board controls' }).locator('.gr-step-label');
const currentMove = (page: Page) => page.getByRole('list', { name: 'Moves' }).locator('[aria-current="step"]');

async function openPicker(page: Page, site: 'Lichess' | 'Chess.com', username: string) {
  await page.getByRole('button', { name: `Get ${site} Game` }).click();
  const dialog = page.getByRole('dialog', { name: `${site} games` });
  await expect(dialog).toBeVisible();
  const field = dialog.getByLabel(`${site} username`);
  await field.fill(username);
  await field.blur(); // saved on blur, then the games are fetched
  await expect(
    dialog
      .getByRole('list', { name: `Recent ${site} games` })
      .getByRole('button')
      .first(),
  ).toBeVisible();
  await expect(dialog.getByRole('status', { name: 'Status', exact: true })).toHaveText('Done');
  return dialog;
}

test('get a Lichess game, step through it, flip, keep a note across a reload, delete it', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('review'));
  await page.goto('/game_review');
  await expect(page.getByRole('heading', { name: 'No game selected' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Make Card' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Compare Game to Opening' })).toBeVisible();

  const dialog = await openPicker(page, 'Lichess', 'thibault');
  const games = dialog.getByRole('list', { name: 'Recent Lichess games' }).getByRole('button');
  await expect(games).toHaveCount(49);
  await expect(games.first()).toContainText('thibault vs. juan_queve');

  // A game thibault played with Black: the board turns to his side.
  const blackGame = games.filter({ hasText: /vs\. thibault/ }).first();
  const title = (await blackGame.locator('.gr-picker-versus').textContent())!;
  await blackGame.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${escape(title)}`) })).toBeVisible();
  await expect(board(page)).toHaveAttribute('data-orientation', 'black');
  await expect(page).toHaveURL(/\/game_review\?review=\d+$/);
  const startFen = await board(page).getAttribute('data-fen');
  expect(startFen).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');

  // The picked game left the popup's list.
  await page.getByRole('button', { name: 'Get Lichess Game' }).click();
  await expect(dialog.getByRole('list', { name: 'Recent Lichess games' }).getByRole('button')).toHaveCount(48);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Buttons.
  await page.getByRole('button', { name: 'Step forward' }).click();
  await page.getByRole('button', { name: 'Step forward' }).click();
  await expect(stepLabel(page)).toHaveText(/^1\.\.\. /);
  await expect(currentMove(page)).toHaveCount(1);
  await expect(board(page)).not.toHaveAttribute('data-fen', startFen!);
  await page.getByRole('button', { name: 'Step back' }).click();
  await expect(stepLabel(page)).toHaveText(/^1\. /);
  await page.getByRole('button', { name: 'Fast forward to end' }).click();
  const moveCount = await page.getByRole('list', { name: 'Moves' }).locator('button.gr-move').count();
  await expect(currentMove(page)).toHaveText(
    (await page.getByRole('list', { name: 'Moves' }).locator('button.gr-move').last().textContent())!,
  );
  await page.getByRole('button', { name: 'Rewind to start' }).click();
  await expect(stepLabel(page)).toHaveText('Start');
  await expect(board(page)).toHaveAttribute('data-fen', startFen!);

  // Keyboard.
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(stepLabel(page)).toHaveText(/^2\. /);
  await page.keyboard.press('ArrowLeft');
  await expect(stepLabel(page)).toHaveText(/^1\.\.\. /);
  await page.keyboard.press('End');
  await expect(currentMove(page)).toHaveText(
    (await page.getByRole('list', { name: 'Moves' }).locator('button.gr-move').last().textContent())!,
  );
  await page.keyboard.press('Home');
  await expect(stepLabel(page)).toHaveText('Start');

  // Clicking a move in the list shows it.
  await page.getByRole('list', { name: 'Moves' }).locator('button.gr-move').nth(4).click();
  await expect(stepLabel(page)).toHaveText(/^3\. /);
  await expect(currentMove(page)).toHaveCount(1);
  const analysis = page.getByRole('link', { name: 'Analyse on Lichess' });
  await expect(analysis).toHaveAttribute('href', /^https:\/\/lichess\.org\/analysis\/pgn\/1\.%20.+\?color=black#5$/);
  await expect(analysis).toHaveAttribute('target', '_blank');
  expect(moveCount).toBeGreaterThan(4);

  // Flip.
  await page.getByRole('button', { name: 'Flip board' }).click();
  await expect(board(page)).toHaveAttribute('data-orientation', 'white');
  await expect(analysis).toHaveAttribute('href', /\?color=white#5$/);

  // Notes are saved on blur and kept after a reload.
  const note = 'Lost the thread after the opening: castle earlier.';
  await page.getByLabel('Notes').fill(note);
  await page.getByLabel('Notes').blur();
  await expect(page.locator('.gr-notes-state')).toHaveText('Saved');
  await page.reload();
  await expect(page.getByLabel('Notes')).toHaveValue(note);
  // Typed and the page reloaded at once, without leaving the box or pausing: nothing is lost.
  await page.getByLabel('Notes').fill(`${note} Unsaved?`);
  await page.reload();
  await expect(page.getByLabel('Notes')).toHaveValue(`${note} Unsaved?`);
  await page.getByLabel('Notes').fill(note);
  await page.getByLabel('Notes').blur();
  await expect(page.locator('.gr-notes-state')).toHaveText('Saved');
  await page.reload();
  await expect(board(page)).toHaveAttribute('data-orientation', 'black');
  const row = page.getByRole('list', { name: 'Existing game reviews' }).getByRole('listitem').filter({ hasText: note });
  await expect(row).toContainText('Lichess');
  await expect(page.getByLabel('PGN')).toHaveValue(/\[Site "https:\/\/lichess\.org\//);

  // Delete it.
  await row.getByRole('checkbox').check();
  let browserDialog = false;
  page.once('dialog', (d) => ((browserDialog = true), void d.dismiss()));
  await page.getByRole('button', { name: 'Delete Checked Items' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 1 game review with its notes and mistakes?' });
  await expect(confirm).toContainText('This cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  expect(browserDialog).toBe(false);
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'No game selected' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('No game reviews yet.')).toBeVisible();
});

test('a Chess.com game is saved and the list shows reviews newest first', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('chesscom'));
  await page.goto('/game_review');
  const dialog = await openPicker(page, 'Chess.com', 'FabianoCaruana');
  const games = dialog.getByRole('list', { name: 'Recent Chess.com games' }).getByRole('button');
  await expect(games).toHaveCount(17);
  await games.nth(3).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Get Chess.com Game' }).click();
  await expect(games).toHaveCount(16);
  await games.nth(0).click();
  const rows = page.getByRole('list', { name: 'Existing game reviews' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toHaveClass(/is-selected/);
  await expect(rows.first()).toContainText('Chess.com');
});

test('a slow Lichess shows Retrieving Games; a Lichess that is down gives no games and the screen keeps working', async ({
  page,
  request,
  baseURL,
}) => {
  const fake = `http://127.0.0.1:${Number(new URL(baseURL!).port) + 1}`;
  const setMode = (mode: string, delayMs?: number) =>
    request.post(`${fake}/__fake/mode`, { data: { route: 'lichess-games', mode, delayMs } });
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('slow'));
  await page.goto('/game_review');
  try {
    await setMode('slow', 2500);
    await page.getByRole('button', { name: 'Get Lichess Game' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lichess games' });
    await dialog.getByLabel('Lichess username').fill('thibault');
    await dialog.getByLabel('Lichess username').blur();
    await expect(dialog.getByRole('status', { name: 'Status', exact: true })).toContainText('Retrieving Games');
    await expect(dialog.getByText('Retrieving games…')).toBeVisible();
    await expect(dialog.getByRole('status', { name: 'Status', exact: true })).toHaveText('Done', { timeout: 15_000 });
    await expect(dialog.getByRole('list', { name: 'Recent Lichess games' }).getByRole('button')).toHaveCount(49);

    // A Lichess that is down is named as the reason, never shown as an account without games.
    await setMode('down');
    await dialog.getByRole('button', { name: 'Refresh' }).click();
    await expect(dialog.getByRole('status', { name: 'Status', exact: true })).toContainText(
      'Could not get games: Lichess did not send the games',
      { timeout: 30_000 },
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { name: 'Existing Game Reviews' })).toBeVisible();
  } finally {
    await request.post(`${fake}/__fake/reset`);
    // A Lichess that just failed is left alone for a moment (its fallback comes at once): wait until it is
    // asked again, so the next test meets it up.
    await expect
      .poll(
        async () => ((await (await page.request.get('/api/recent-games?site=lichess')).json()).api_data ?? []).length,
        {
          timeout: 20_000,
        },
      )
      .toBeGreaterThan(0);
  }
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`game review screen at ${viewport.width}px in both themes`, async ({ page }) => {
    // Two themes, each a game fetched and stepped through, with screenshots when they are taken.
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signUp(page, newUser(`grscreen${viewport.width}`));
    await page.goto('/game_review');
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await page.reload();
      if (theme === 'dark') {
        await expect(page.getByRole('heading', { name: 'No game selected' })).toBeVisible();
        await saveScreen(page, 'game-review-empty');
        const dialog = await openPicker(page, 'Lichess', 'thibault');
        await saveScreen(page, 'game-review-picker');
        await dialog.getByRole('list', { name: 'Recent Lichess games' }).getByRole('button').nth(0).click();
        await page.getByRole('button', { name: 'Get Lichess Game' }).click();
        await dialog.getByRole('list', { name: 'Recent Lichess games' }).getByRole('button').nth(2).click();
        await expect(dialog).toBeHidden();
        await page.getByLabel('Notes').fill('Good attack, but 14. Kd2 was slow.');
        await page.getByLabel('Notes').blur();
        await expect(page.locator('.gr-notes-state')).toHaveText('Saved');
      } else {
        await page.getByRole('button', { name: 'Get Lichess Game' }).click();
        const dialog = page.getByRole('dialog', { name: 'Lichess games' });
        await expect(dialog.getByRole('status', { name: 'Status', exact: true })).toHaveText('Done');
        await saveScreen(page, 'game-review-picker');
        await page.keyboard.press('Escape');
      }
      await expect(page.getByRole('dialog')).toHaveCount(0);
      for (let i = 0; i < 13; i++) await page.getByRole('button', { name: 'Step forward' }).click();
      await saveScreen(page, 'game-review');
    }
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test("the game picker's Refresh is enabled as soon as a name is typed, and gets that name's games", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('typed'));
  await page.goto('/game_review');
  await page.getByRole('button', { name: 'Get Lichess Game' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lichess games' });
  const refresh = dialog.getByRole('button', { name: 'Refresh' });
  await expect(refresh).toBeDisabled();
  await dialog.getByLabel('Lichess username').fill('thibault');
  // Still in the field: nothing has blurred it.
  await expect(dialog.getByLabel('Lichess username')).toBeFocused();
  await expect(refresh).toBeEnabled();
  await refresh.click();
  await expect(dialog.getByRole('list', { name: 'Recent Lichess games' }).getByRole('button')).toHaveCount(49);
});
