import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { fakeRepertoirePgn } from './fakes/fake-repertoire';
import { DESKTOP, PHONE, saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';

// Coverage "Study next": the likeliest holes fill in while the check runs, it goes on across a
// reload, Stop keeps what was found, and a hole becomes a flashcard in one click.

const appPort = Number(process.env.E2E_PORT ?? 3100);
const explorerControl = `http://127.0.0.1:${appPort + 2}/__fake`;
// Shaped by the fake explorer's answers, so holes have real reach: 15 positions with Black to move.
const WHITE_PGN = fakeRepertoirePgn({ depth: 4, breadth: 2 });
const WIDE = { width: 1366, height: 768 };
const NARROW = { width: 390, height: 844 };

async function setExplorer(page: Page, mode: 'ok' | 'slow', delayMs?: number) {
  const answer = await page.request.post(`${explorerControl}/mode`, { data: { route: 'explorer', mode, delayMs } });
  expect(answer.ok()).toBe(true);
}

async function switchTheme(page: Page, theme: 'dark' | 'light') {
  const current = await page.evaluate(() => document.documentElement.dataset.theme ?? 'dark');
  if (current === theme) return;
  // The header renders once the session is known; only then does the Menu button show or not.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  if (await menu.isVisible()) await menu.click();
}

/** Uploads the fake White repertoire on Manage Openings as the White opening. */
async function uploadWhiteOpening(page: Page): Promise<void> {
  await page.goto('/manage_openings');
  const studies = page.getByRole('region', { name: 'Opening Studies' });
  await studies
    .getByLabel('Or upload a PGN opening file')
    .setInputFiles({ name: 'fake-white.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(WHITE_PGN) });
  await studies.getByRole('button', { name: 'Set/Refresh White Opening' }).click();
  await expect(studies.getByRole('status', { name: 'Opening status' })).toHaveText(
    'Done: White opening set to fake-white.pgn',
  );
}

test('Study next fills in live, survives a reload, stops, and makes a card from a hole', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('studynext'));
  await uploadWhiteOpening(page);

  const coverage = page.getByRole('region', { name: 'Coverage Check' });
  // Filters no other test uses, so nothing is cached yet; a retry takes other ones (the first attempt's
  // look-ups are cached).
  await coverage.getByLabel(testInfo.retry === 0 ? '1400' : '1200', { exact: true }).check();
  await setExplorer(page, 'slow', 700);
  const holes = coverage.getByTestId('study-next-hole');
  const summary = coverage.getByTestId('study-next-summary');
  try {
    await coverage.getByRole('button', { name: 'Coverage Check' }).click();
    const confirm = page.getByRole('dialog', { name: 'Run the coverage check?' });
    await expect(confirm.getByTestId('coverage-until-settled')).toContainText('15 positions need a call to Lichess');
    await confirm.getByRole('button', { name: 'Proceed' }).click();

    // Two snapshots while it runs: the list grows as lookups come in.
    await expect(holes.first()).toBeVisible({ timeout: 20_000 });
    const first = { count: await holes.count(), summary: await summary.textContent() };
    expect(first.summary).toMatch(/positions looked up/);
    await saveScreen(page, 'study-next-running');
    await expect.poll(async () => await summary.textContent(), { timeout: 20_000 }).not.toBe(first.summary);
    const second = { count: await holes.count(), summary: await summary.textContent() };
    expect(second.count).toBeGreaterThanOrEqual(first.count);
    expect(second.summary).toMatch(/positions looked up/);
    await expect(coverage.getByTestId('coverage-live')).toHaveAttribute('data-status', 'running');

    // The check belongs to the player: after a reload it is still running, followed live.
    await page.reload();
    await expect(coverage.getByTestId('coverage-live')).toHaveAttribute('data-status', 'running');
    await expect(holes.first()).toBeVisible();

    // Stop keeps what was found.
    await coverage.getByRole('button', { name: 'Stop' }).click();
    await expect(coverage.getByTestId('coverage-live')).toHaveAttribute('data-status', 'done');
    await expect(coverage.locator('.op-coverage-message')).toHaveText(/^Stopped after \d+ of 15 positions/);
    await expect(holes.first()).toBeVisible();
  } finally {
    await setExplorer(page, 'ok');
  }

  // Run again: it resumes from the cache and ends with every hole final.
  await coverage.getByRole('button', { name: 'Coverage Check' }).click();
  const again = page.getByRole('dialog', { name: 'Run the coverage check?' });
  await again.getByRole('button', { name: 'Proceed' }).click();
  await expect(coverage.getByRole('status', { name: 'Coverage status' })).toHaveText('Done', { timeout: 30_000 });
  await expect(coverage.getByTestId('coverage-live')).toHaveAttribute('data-status', 'done');
  await expect(holes.first().locator('.op-hole-mark')).toHaveText('final');
  // The run is over: no hole is left provisional, and none that almost never comes up is listed.
  await expect(coverage.locator('.op-hole-mark.is-provisional')).toHaveCount(0);
  await expect(summary).toHaveText(/^(\d+) of \1 final\.$/);
  await expect(holes.filter({ hasText: 'almost never' })).toHaveCount(0);
  await expect(holes.first()).toContainText(/about 1 in \d+ games/);
  await expect(coverage.locator('.op-bar').first()).toBeVisible();

  // A hole on the board, then a card from it.
  await holes.first().locator('.op-hole-main').click();
  await expect(coverage.locator('.op-study-next-board')).toBeVisible();
  const line = (await holes.first().locator('.op-hole-line').textContent())!;
  await holes.first().getByRole('button', { name: 'Make card' }).click();
  const editor = page.getByRole('dialog', { name: 'Make Card' });
  await expect(editor.getByLabel('Prompt', { exact: true })).toHaveValue(
    new RegExp(`what do you play after ${line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\?`),
  );
  await editor.getByLabel('Answer', { exact: true }).fill('My reply to learn');
  await editor.getByRole('button', { name: 'Make Card' }).click();
  await expect(editor).toBeHidden();

  for (const theme of ['dark', 'light'] as const) {
    await switchTheme(page, theme);
    await saveScreen(page, 'study-next');
  }
  await page.setViewportSize(PHONE);
  for (const theme of ['dark', 'light'] as const) {
    await switchTheme(page, theme);
    await saveScreen(page, 'study-next');
    // The list alone, readable at phone width.
    await holes.first().scrollIntoViewIfNeeded();
    await saveScreen(page, 'study-next-list', { window: true });
  }

  await page.goto('/manage_cards');
  await expect(page.getByText(/fake-white\.pgn: what do you play after/)).toBeVisible();
});

test('a hole answered in the workshop shows as answered at once, with the suggestion ready whatever tab was kept', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(WIDE);
  await signUp(page, newUser('answered'));
  await uploadWhiteOpening(page);
  // The workshop's explorer kept on Mine, which suggests nothing itself.
  await page.goto('/repertoire?color=white');
  const explorer = page.getByRole('region', { name: /^Explorer/ });
  await explorer.getByRole('tab', { name: 'Mine' }).click();
  await expect(explorer.getByRole('tab', { name: 'Mine' })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/manage_openings');
  const coverage = page.getByRole('region', { name: 'Coverage Check' });
  await coverage.getByLabel('White', { exact: true }).check();
  await coverage.getByRole('button', { name: 'Coverage Check' }).click();
  await page.getByRole('dialog', { name: 'Run the coverage check?' }).getByRole('button', { name: 'Proceed' }).click();
  await expect(coverage.getByTestId('coverage-live')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  const holes = coverage.getByTestId('study-next-hole');
  const hole = holes.first();
  await expect(hole.getByTestId('hole-need')).toHaveText('needed');
  const line = (await hole.locator('.op-hole-line').textContent())!;
  const neededLeft = coverage.getByTestId('needed-holes-left').locator('strong');
  const neededBefore = Number(await neededLeft.textContent());
  const openBefore = await holes.count();

  // The workshop opens on the kept tab, and the suggested answer is there to add.
  await hole.getByRole('link', { name: 'Answer in Repertoire' }).click();
  await expect(page).toHaveURL(/\/repertoire\?/);
  await expect(explorer.getByRole('tab', { name: 'Mine' })).toHaveAttribute('aria-selected', 'true');
  const add = page.getByTestId('suggested-answer').getByRole('button', { name: /^Add / });
  await expect(add).toBeVisible({ timeout: 20_000 });
  await saveWide(page, 'workshop-suggested-mine');
  await add.click();
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toContainText('as your answer');

  // Today at once (well inside the second the server waits before following an edit), then Manage
  // Openings, through the menu with no reload: the hole is answered, and every count says so.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Today' }).click();
  await expect(page.getByTestId('today-needed-holes')).toContainText(`${neededBefore - 1}needed holes left`);
  await expect(page.getByTestId('today-holes-open')).toContainText(`${openBefore - 1}open holes to study`);
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    for (const size of [WIDE, NARROW]) {
      await page.setViewportSize(size);
      await saveScreen(page, 'today-hole-answered', { window: true });
    }
  }
  await setTheme(page, 'dark');
  await page.setViewportSize(WIDE);
  await nav.getByRole('link', { name: 'Manage Openings' }).click();
  const answered = holes.filter({ has: page.locator('.op-hole-line', { hasText: line }) }).first();
  await expect(answered).toHaveAttribute('data-answered', 'true');
  await expect(answered.getByTestId('hole-answered')).toHaveText('answered');
  await expect(answered.getByTestId('hole-need')).toHaveCount(0);
  await expect(answered.getByRole('link', { name: 'Open in Repertoire' })).toBeVisible();
  await expect(answered.getByRole('button', { name: 'Add to repertoire' })).toHaveCount(0);
  await expect(coverage.getByTestId('study-next-summary')).toContainText(
    `1 answered since the check, ${openBefore - 1} still open.`,
  );
  await expect(neededLeft).toHaveText(String(neededBefore - 1));
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    for (const size of [WIDE, NARROW]) {
      await page.setViewportSize(size);
      await answered.scrollIntoViewIfNeeded();
      await saveScreen(page, 'study-next-answered', { window: true });
    }
  }
  await setTheme(page, 'dark');
  await page.setViewportSize(WIDE);
});

async function saveWide(page: Page, name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await expect(page.getByTestId('suggested-answer').getByRole('button', { name: /^Add / })).toBeVisible({
      timeout: 20_000,
    });
    for (const size of [WIDE, NARROW]) {
      await page.setViewportSize(size);
      await saveScreen(page, name, { window: size === WIDE });
    }
  }
  await setTheme(page, 'dark');
  await page.setViewportSize(WIDE);
}
