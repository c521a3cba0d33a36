import { expect, test } from '@playwright/test';
import { signIn, signUp } from './support/account-steps';
import { DESKTOP, PHONE, saveScreen } from './support/screens';
import { newUser } from './support/users';

// Found walking through the app as a new user: the password rule said on the form, the Account page's
// password change and "Log out everywhere", the page's security policy, and the opening tool opening
// clean.

test('the password rule is said on sign-up and a short password cannot be sent', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/');
  await expect(page.getByText('At least 8 characters.')).toBeVisible();
  const user = newUser('pwrule');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Desired username').fill(user.username);
  await page.getByLabel('Password').fill('short7!');
  await page.getByLabel('Password').blur();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Up' })).toBeDisabled();
  // The remembered theme is applied by the app's own script file, which the policy lets run.
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(violations).toEqual([]);
});

test('the Account page changes the password and logs out everywhere', async ({ page, browser }) => {
  await page.setViewportSize(DESKTOP);
  const user = newUser('security');
  await signUp(page, user);
  const phone = await browser.newContext();
  const other = await phone.newPage();
  await signIn(other, user.username, user.password);

  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Password and sessions' });
  await expect(section.getByText('At least 8 characters.')).toBeVisible();
  await section.getByLabel('Current password').fill(user.password);
  await section.getByLabel('New password').fill('tiny');
  await section.getByRole('button', { name: 'Change Password' }).click();
  await expect(section.getByRole('status')).toHaveText('Password must be at least 8 characters.');
  await section.getByLabel('New password').fill('a-brand-new-password');
  await section.getByRole('button', { name: 'Change Password' }).click();
  await expect(section.getByRole('status')).toHaveText('Password changed. Your other devices are signed out.');
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await saveScreen(page, 'account-security');
  }
  await page.setViewportSize(DESKTOP);

  // The other browser was signed out by the change; sign it in again with the new password.
  await other.goto('/manage_cards');
  await expect(other).toHaveURL(/:\d+\/(signin)?$/);
  await signIn(other, user.username, 'a-brand-new-password');

  await section.getByRole('button', { name: 'Log out everywhere' }).click();
  await expect(page).toHaveURL(/\/(signin)?$/);
  await other.goto('/manage_cards');
  await expect(other).toHaveURL(/:\d+\/(signin)?$/);
  await phone.close();
});

test('the opening tool opens without the coverage result of Manage Openings', async ({ page }) => {
  await signUp(page, newUser('toolclean'));
  // A finished coverage check of the player's, as Manage Openings leaves it.
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value;
  const check = await page.request.post('/api/coverage_check', {
    headers: { 'x-xsrf-token': xsrf },
    multipart: { opening_text: '1. e4 e5 2. Nf3 *', color: 'white', speeds: 'blitz', ratings: '1600' },
  });
  expect(check.status()).toBe(200);
  const latest = await page.request.get('/api/coverage/latest?color=white');
  expect((await latest.json()).api_data).not.toBeNull();

  await page.goto('/opening_tool');
  await expect(page.getByTestId('study-next-summary')).toHaveCount(0);
  await expect(page.getByTestId('coverage-live')).toHaveCount(0);
  // Nothing to say yet: the status box takes no room.
  await expect(page.locator('.status-box')).toHaveClass(/is-empty/);
});

test('the opening tool compares a game that names neither player with the colour chosen, without asking again', async ({
  page,
}) => {
  await signUp(page, newUser('toolcolour'));
  await page.goto('/opening_tool');
  await page.getByLabel('Or upload a PGN opening file').setInputFiles({
    name: 'najdorf.pgn',
    mimeType: 'application/x-chess-pgn',
    buffer: Buffer.from('1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *'),
  });
  await page.getByRole('group', { name: 'Colour' }).getByLabel('Black').check();
  // Neither tag is one of the player's names.
  await page.getByLabel("Or paste a game's PGN").fill('[White "alice"]\n[Black "bob"]\n\n1. e4 c5 2. Nf3 e6 3. d4 *');
  await expect(page.getByRole('group', { name: 'Your colour in this game' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Run Comparison' }).click();
  const results = page.getByLabel('Results area');
  await expect(results).toContainText('You left the repertoire at move 2 on your move: you played 2... e6');
  await expect(results).not.toContainText('colour in this game');
  await expect(results).not.toContainText('Note: you had');

  // The other colour chosen: the same game is judged from White's side.
  await page.getByRole('group', { name: 'Colour' }).getByLabel('White').check();
  await page.getByRole('button', { name: 'Run Comparison' }).click();
  await expect(results).toContainText('Your opponent left the repertoire at move 2: they played 2... e6');
  await expect(results).not.toContainText('colour in this game');
});
