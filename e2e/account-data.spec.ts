import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { PHONE, saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';

// Own your data in the browser: export, Anki deck, delete the account, sign up again with the same
// email and username, import the export and find the cards again, schedules and all.

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';

async function xsrfToken(page: Page): Promise<string> {
  return (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
}

async function openAccountFromHeader(page: Page): Promise<void> {
  // The header renders once the session is known; only then does the Menu button show or not.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Account/ });
  // On a phone the link sits behind the Menu button, which may close again while the screen loads.
  await expect(async () => {
    if ((await menu.isVisible()) && !(await link.isVisible())) await menu.click();
    await expect(link).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await link.click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
}

test('export, delete the account, sign up again, import, and the cards are back', async ({ page }, testInfo) => {
  const user = newUser('owner');
  await signUp(page, user);
  const saved = await page.request.post('/api/upsert-cards', {
    data: [
      { id: 'e2e-open', prompt: 'Best first move?', prompt_fen: START, answer: '1. e4', answer_fen: AFTER_E4 },
      {
        id: 'e2e-reply',
        prompt: 'Reply to e4 <as Black>',
        prompt_fen: AFTER_E4,
        answer: 'c5',
        answer_fen: AFTER_E4,
        orientation: 'black',
      },
    ],
    headers: { 'X-XSRF-TOKEN': await xsrfToken(page) },
  });
  expect(saved.ok()).toBe(true);
  const reviewed = await page.request.post('/api/review-card', {
    data: { id: 'e2e-open', rating: 3 },
    headers: { 'X-XSRF-TOKEN': await xsrfToken(page) },
  });
  expect(reviewed.ok()).toBe(true);
  const before = (await (await page.request.get('/api/get-cards')).json()).api_data;

  await page.goto('/game_review');
  await openAccountFromHeader(page);
  await expect(page.getByText(user.email, { exact: true }).last()).toBeVisible();
  await expect(page.getByTestId('lichess-connection')).toContainText('Not connected');

  // Export.
  const [exportDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download export' }).click(),
  ]);
  expect(exportDownload.suggestedFilename()).toMatch(/^chess-prep-export-\d{4}-\d{2}-\d{2}\.json$/);
  const exportPath = testInfo.outputPath('export.json');
  await exportDownload.saveAs(exportPath);
  const exported = JSON.parse(await readFile(exportPath, 'utf8'));
  expect(exported.format).toBe('chess-prep');
  expect(exported.cards).toHaveLength(2);

  // Anki deck.
  const [ankiDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download Anki deck' }).click(),
  ]);
  const ankiPath = testInfo.outputPath('anki.txt');
  await ankiDownload.saveAs(ankiPath);
  const anki = (await readFile(ankiPath, 'utf8')).split('\n');
  expect(anki.slice(0, 3)).toEqual(['#separator:tab', '#html:true', '#columns:Front\tBack\tTags']);
  expect(anki).toHaveLength(5);
  expect(anki.join('\n')).toContain('Reply to e4 &lt;as Black&gt;');

  // A wrong password deletes nothing.
  await page.getByLabel('Password', { exact: true }).fill('not-my-password');
  await page.getByRole('button', { name: 'Delete account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByText('Wrong password: your account was not deleted.')).toBeVisible();

  // The right one deletes the account and logs out.
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Delete account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete for good' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign Up' })).toBeVisible();
  expect((await page.request.get('/api/get-cards')).status()).toBe(401);

  // The same email and username sign up again, to an empty account.
  await signUp(page, user);
  expect((await (await page.request.get('/api/get-cards')).json()).api_data).toEqual([]);

  await page.goto('/account');
  await page.getByLabel('Export file (.json)').setInputFiles(exportPath);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Imported' })).toHaveText(
    'Imported 2 cards and 1 card review.',
  );
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText('Nothing new: everything in this file is already in your account.')).toBeVisible();

  // The cards are back, with the schedule they had.
  await page.goto('/manage_cards');
  const list = page.getByRole('list', { name: 'SP Cards' });
  await expect(list.getByText('Best first move?')).toBeVisible();
  await expect(list.getByText('Reply to e4 <as Black>')).toBeVisible();
  const after = (await (await page.request.get('/api/get-cards')).json()).api_data;
  const strip = (cards: { user_id: string }[]) => cards.map(({ user_id: _, ...card }) => card);
  expect(strip(after)).toEqual(strip(before));
});

test('a file that is not an export is refused with its reason, and nothing is imported', async ({ page }, testInfo) => {
  await signUp(page, newUser('badfile'));
  await page.goto('/account');
  const path = testInfo.outputPath('bad.json');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(path, JSON.stringify({ format: 'chess-prep', version: 1, cards: [{ id: 'x', prompt_fen: 'nope' }] }));
  await page.getByLabel('Export file (.json)').setInputFiles(path);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Nothing was imported. Bad row cards[0] (id x)');
});

test('screens: the Account page in both themes, phone and desktop', async ({ page }) => {
  const user = newUser('screens');
  await signUp(page, user);
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await expect(page.getByRole('heading', { name: 'Delete account' })).toBeVisible();
    await saveScreen(page, 'account');
  }
  await page.setViewportSize(PHONE);
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await expect(page.getByRole('heading', { name: 'Delete account' })).toBeVisible();
    await saveScreen(page, 'account');
  }
  // The header's email leads to the page on a phone too.
  await page.goto('/game_review');
  await openAccountFromHeader(page);
});
