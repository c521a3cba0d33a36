import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { DESKTOP, LAPTOP, PHONE, PHONE_390, saveScreen } from './support/screens';
import { newUser } from './support/users';

// Connect Lichess against the fake Lichess OAuth server: connect, a private study, coverage with the
// player's own token, disconnect.

const appPort = Number(process.env.E2E_PORT ?? 3100);
const explorerControl = `http://127.0.0.1:${appPort + 2}/__fake`;

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

test('connect Lichess, pick a private study, run a coverage check, disconnect', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('connect'));
  await page.goto('/manage_openings');
  const studies = page.getByRole('region', { name: 'Opening Studies' });
  await expect(studies.getByLabel('Lichess username')).toHaveValue('');

  // The link goes through Lichess (the fake approves at once) and back to this page.
  await studies.getByRole('link', { name: 'Connect Lichess' }).click();
  await expect(studies.getByText('Your Lichess account is connected.')).toBeVisible();
  await expect(page).toHaveURL(/\/manage_openings$/);
  await expect(studies.getByText('Connected as')).toContainText('Connected as Chess700800');
  await expect(studies.getByLabel('Lichess username')).toHaveValue('Chess700800');

  // The private study is listed only because the player's token is sent.
  await studies.getByRole('button', { name: 'Get Studies' }).click();
  await expect(studies.getByLabel('Studies').locator('option')).toHaveCount(8);
  await studies.getByLabel('Studies').selectOption({ label: 'My private repertoire' });
  await studies.getByRole('button', { name: 'Set/Refresh White Opening' }).click();
  await expect(studies.getByRole('status', { name: 'Opening status' })).toHaveText(
    'Done: White opening set to My private repertoire',
  );

  const coverage = page.getByRole('region', { name: 'Coverage Check' });
  await coverage.getByLabel('White').check();
  const before = ((await (await page.request.get(`${explorerControl}/requests`)).json()) as Record<string, number>)
    .explorer;
  await coverage.getByRole('button', { name: 'Coverage Check' }).click();
  await page.getByRole('dialog', { name: 'Run the coverage check?' }).getByRole('button', { name: 'Proceed' }).click();
  await expect(coverage.getByRole('status', { name: 'Coverage status' })).toHaveText('Done', { timeout: 30_000 });
  await expect(coverage.locator('.op-bar').first()).toBeVisible();
  const after = ((await (await page.request.get(`${explorerControl}/requests`)).json()) as Record<string, number>)
    .explorer;
  expect(after).toBeGreaterThan(before);

  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    for (const theme of ['dark', 'light'] as const) {
      await switchTheme(page, theme);
      await saveScreen(page, 'connect-lichess');
    }
  }
  await page.setViewportSize(DESKTOP);

  await studies.getByRole('button', { name: 'Disconnect' }).click();
  await expect(studies.getByRole('link', { name: 'Connect Lichess' })).toBeVisible();
  await expect(studies.getByText('Connected as')).toHaveCount(0);
  await expect(studies.getByText('Your Lichess account is connected.')).toHaveCount(0);

  // A refused consent comes back as a message, and the address bar is cleaned.
  await page.goto('/manage_openings?lichess=denied');
  await expect(studies.getByText('Lichess access was not granted, so nothing was connected.')).toBeVisible();
  await expect(page).toHaveURL(/\/manage_openings$/);

  // The standalone tool offers the same connection.
  await page.goto('/opening_tool');
  await expect(page.getByRole('link', { name: 'Connect Lichess' })).toBeVisible();
  await page.setViewportSize(PHONE);
  await saveScreen(page, 'connect-lichess-tool');
});

/** Sets the Ruy Lopez study as the White opening (the studies are listed), then adds 1... a6 in the workshop. */
async function setStudyAndEdit(page: Page, studies: Locator): Promise<void> {
  await studies.getByRole('button', { name: 'Get Studies' }).click();
  await studies.getByLabel('Studies').selectOption({ label: 'The Ruy Lopez' });
  await studies.getByRole('button', { name: 'Set/Refresh White Opening' }).click();
  await expect(studies.getByRole('status', { name: 'Opening status' })).toHaveText(
    'Done: White opening set to The Ruy Lopez',
  );
  await page.goto('/repertoire?color=white&line=1.+e4');
  const board = page.getByRole('group', { name: /Repertoire board/ });
  await expect(board).toHaveAttribute('data-fen', / b /);
  await board.locator('[data-square="a7"]').click();
  await board.locator('[data-square="a6"]').click();
  await expect(page.getByTestId('edit').first()).toContainText('not yet on Lichess');
}

test('Save to Lichess without a connection asks to connect first, without a call bound to fail', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  await signUp(page, newUser('pushunconnected'));
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const pushes: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/repertoire/push')) pushes.push(request.url());
  });
  // A public Lichess study: it can be written back once Lichess is connected.
  await page.goto('/manage_openings');
  const studies = page.getByRole('region', { name: 'Opening Studies' });
  await studies.getByLabel('Lichess username').fill('Chess700800');
  await setStudyAndEdit(page, studies);

  await page.getByRole('button', { name: 'Save to Lichess' }).click();
  const prompt = page.getByRole('alert').filter({ hasText: 'Connect Lichess to save your edits to your study' });
  await expect(prompt.getByRole('link', { name: 'Connect Lichess' })).toBeVisible();
  for (const size of [LAPTOP, PHONE_390]) {
    await page.setViewportSize(size);
    for (const theme of ['dark', 'light'] as const) {
      await switchTheme(page, theme);
      await prompt.scrollIntoViewIfNeeded();
      await saveScreen(page, 'workshop-save-unconnected', { window: true });
    }
  }
  expect(pushes).toEqual([]);
  expect(errors).toEqual([]);
});

test('Save to Lichess after the connection was lost meanwhile asks to connect again', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('pushlost'));
  await page.goto('/manage_openings');
  const studies = page.getByRole('region', { name: 'Opening Studies' });
  await studies.getByRole('link', { name: 'Connect Lichess' }).click();
  await expect(studies.getByText('Connected as')).toContainText('Connected as Chess700800');
  await setStudyAndEdit(page, studies);

  // Disconnected elsewhere: this page's session still says connected, so the server is asked.
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const gone = await page.request.post('/api/lichess/disconnect', { headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(gone.ok()).toBe(true);
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/repertoire/push'));
  await page.getByRole('button', { name: 'Save to Lichess' }).click();
  expect((await refused).status()).toBe(409);
  const prompt = page.getByRole('alert').filter({ hasText: 'Connect Lichess to save your edits to your study' });
  await expect(prompt.getByRole('link', { name: 'Connect Lichess' })).toBeVisible();
});
