import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';

// Games that arrive by themselves: a new player saves a Lichess username (thibault's games on the fake
// Lichess) and finds the automatic import on by default; Today starts the background fetch, then shows
// the games it brought in with "Analyse N new games", which opens game review analysing them in the
// browser's engine (once: a reload does not start it again). A Chess.com that fails says why on Account
// and game review; game review links to the setting, and turning it off on Account is saved.

const WIDE = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const SWITCH = 'Bring my new games in by themselves (checked hourly)';

/** Account, Today and anything else: each theme at both widths, ending dark and wide. */
async function screens(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    for (const size of [WIDE, PHONE]) {
      await page.setViewportSize(size);
      await ready();
      await saveScreen(page, name);
    }
  }
  await setTheme(page, 'dark');
  await page.setViewportSize(WIDE);
  await ready();
}

test('new games come in by themselves, Today offers to analyse them, a failing site says so, and the setting turns off', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(400_000);
  await page.setViewportSize(WIDE);
  await signUp(page, newUser('auto'));

  // The username saved on Account; the setting beside it is on by default, nothing checked yet.
  await page.goto('/account');
  const names = page.getByRole('region', { name: 'Usernames on the chess sites' });
  await names.getByLabel('Lichess username').fill('thibault');
  await names.getByRole('button', { name: 'Save usernames' }).click();
  await expect(names.getByText('Usernames saved')).toBeVisible();
  const setting = page.getByRole('region', { name: 'New games' });
  const toggle = setting.getByRole('switch', { name: SWITCH });
  await expect(toggle).toBeChecked();
  await expect(setting.getByTestId('auto-import-lichess')).toHaveText('Lichess (thibault): not checked yet');
  await expect(setting.getByTestId('auto-import-chesscom')).toHaveCount(0);

  // Today starts the fetch and asks again while it runs; the games then wait for the engine.
  await page.goto('/today');
  const card = page.getByTestId('today-new-games');
  await expect(card).toBeVisible({ timeout: 60_000 });
  const today = (await (await page.request.get('/api/today')).json()).api_data;
  const count: number = today.imported_unanalysed;
  expect(count).toBeGreaterThan(1);
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(`${count} new games came in`);
  const analyse = card.getByRole('link', { name: `Analyse ${count} new games` });
  await expect(analyse).toHaveAttribute('href', '/game_review?analyse=new');
  // The tile of reviews not analysed stays, counting the same games for this new player.
  await expect(page.getByTestId('today-unanalysed').locator('.today-count-value')).toHaveText(String(count));
  // Start here still asks for a repertoire, no longer for games.
  const first = page.getByRole('region', { name: 'Start here' });
  await expect(first.getByRole('link', { name: 'Manage Openings' })).toBeVisible();
  await expect(first.getByRole('link', { name: 'Review Game/Make Cards' })).toHaveCount(0);
  await screens(page, 'auto-import-today', () => expect(card).toBeVisible());

  // The button opens game review analysing at once; the parameter leaves the address.
  await analyse.click();
  await expect(page).toHaveURL(/\/game_review$/);
  await expect(page.getByRole('progressbar', { name: 'Analyse all progress' })).toBeVisible();
  await expect(page.getByText(new RegExp(`^Game 1 of ${count}: \\d+ of \\d+ positions$`))).toBeVisible();
  // Each row says whether it is analysed; the first game (the newest) turns analysed in the engine's time.
  const rows = page.getByRole('list', { name: 'Existing game reviews' }).getByTestId('review-analysed');
  await expect(rows).toHaveCount(count);
  await expect(rows.filter({ hasText: /^Not analysed$/ })).toHaveCount(count);
  await expect(rows.first()).toHaveText('Analysed', { timeout: 240_000 });
  await expect(rows.filter({ hasText: /^Analysed$/ })).toHaveCount(1);
  await expect(page.getByText(new RegExp(`^Game 2 of ${count}:`))).toBeVisible();
  await page.getByRole('button', { name: 'Stop' }).click();
  const summary = page.getByTestId('analyse-all-summary');
  await expect(summary).toHaveText(`${count - 1} of ${count} games not analysed yet.`);
  const pending = (await (await page.request.get('/api/game-analysis/pending')).json()).api_data;
  expect(pending.analysed).toBe(1);

  // A reload does not start it again.
  await page.reload();
  await expect(summary).toHaveText(`${count - 1} of ${count} games not analysed yet.`);
  await page.waitForTimeout(1_000);
  await expect(page.getByRole('progressbar', { name: 'Analyse all progress' })).toHaveCount(0);
  const note = page.getByTestId('gr-auto-import');
  await expect(note).toHaveText('New games come in by themselves · Change');
  await screens(page, 'auto-import-review', () => expect(rows.first()).toHaveText('Analysed'));
  // Every recent game came in already: the picker says so instead of "No games retrieved".
  await page.getByRole('button', { name: 'Get Lichess Game' }).click();
  const picker = page.getByRole('dialog', { name: 'Lichess games' });
  await expect(picker.getByRole('listitem')).toHaveText(`All ${count} recent games are already in your reviews`);
  // The picker closes when the theme changes: pictures in this theme, at both widths.
  for (const size of [PHONE, WIDE]) {
    await page.setViewportSize(size);
    await saveScreen(page, 'auto-import-picker');
  }
  await page.keyboard.press('Escape');

  // A site that fails says why, so it does not look like an account without games.
  const chesscom = `http://127.0.0.1:${Number(new URL(baseURL!).port) + 3}/__fake`;
  try {
    await request.post(`${chesscom}/mode`, { data: { route: 'chesscom-games', mode: 'error500' } });
    await page.goto('/account');
    await names.getByLabel('Chess.com username').fill('FabianoCaruana');
    await names.getByRole('button', { name: 'Save usernames' }).click();
    await expect(names.getByText('Usernames saved')).toBeVisible();
    await expect(setting.getByTestId('auto-import-chesscom')).toHaveText('Chess.com (FabianoCaruana): not checked yet');
    await page.goto('/today');
    await expect(card).toBeVisible();
    await expect
      .poll(async () => {
        const answer = (await (await page.request.get('/api/games/settings')).json()).api_data;
        return answer.sites.find((site: { site: string }) => site.site === 'chesscom')?.error ?? null;
      })
      .not.toBeNull();
  } finally {
    await request.post(`${chesscom}/reset`);
  }
  await page.goto('/account');
  await expect(setting.getByTestId('auto-import-lichess')).toHaveText(
    new RegExp(`^Lichess \\(thibault\\): checked (just now|\\d+ min ago) · ${count} games brought in$`),
  );
  const failed = setting.getByTestId('auto-import-chesscom');
  await expect(failed).toContainText(/^Chess\.com \(FabianoCaruana\): checked (just now|\d+ min ago)Chess\.com: \S/);
  await screens(page, 'auto-import-account', () => expect(toggle).toBeChecked());
  await page.goto('/game_review');
  await expect(note.locator('.form-message')).toHaveText(/^Chess\.com: \S/);
  for (const size of [PHONE, WIDE]) {
    await page.setViewportSize(size);
    await saveScreen(page, 'auto-import-review-failing');
  }

  // Game review links to the setting, which turns off; a reload keeps it off.
  await note.getByRole('link', { name: 'Change' }).click();
  await expect(page).toHaveURL(/\/account#auto-import$/);
  await expect(toggle).toBeInViewport();
  await toggle.click();
  await expect(setting.getByTestId('auto-import-message')).toHaveText(
    'Saved: games come in only when you get them on Review Game.',
  );
  await expect(toggle).not.toBeChecked();
  await page.reload();
  await expect(toggle).not.toBeChecked();
  const settings = (await (await page.request.get('/api/games/settings')).json()).api_data;
  expect(settings).toMatchObject({ auto_import: false, chosen: true });
  await page.goto('/game_review');
  await expect(note).toHaveText('New games come in when you get them · Change');

  // Chess.com answers again for the tests after this one (a site that failed rests a moment).
  await expect
    .poll(
      async () => ((await (await page.request.get('/api/recent-games?site=chesscom')).json()).api_data ?? []).length,
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
});
