import { expect, test } from '@playwright/test';
import { logOut, signIn, signUp } from './support/account-steps';
import { waitForLink } from './support/outbox';
import { newUser } from './support/users';

test('a new player signs up, finds their way around, resets the password and signs in with it', async ({ page }) => {
  const user = newUser();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Train with your own games' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Features' }).getByRole('listitem')).toHaveCount(3);

  // Each field is checked when it loses focus; the button waits for all three.
  const submit = page.getByRole('button', { name: 'Sign Up' });
  await expect(submit).toBeDisabled();
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Desired username').focus();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await page.getByLabel('Password').focus();
  await expect(page.getByText('Enter username')).toBeVisible();
  await page.getByLabel('Email').focus();
  await expect(page.getByText('Enter password')).toBeVisible();
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Desired username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByLabel('Email').focus();
  await expect(page.getByText('Invalid email')).toBeHidden();
  await expect(page.getByText('Enter username')).toBeHidden();
  await expect(page.getByText('Enter password')).toBeHidden();
  await expect(submit).toBeEnabled();
  await submit.click();

  // Signed up and logged in: the welcome page shows once.
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${user.username}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Log Out ${user.email}` })).toBeVisible();
  for (const label of ['Review Game/Make Cards', 'Card Review', 'Edit Cards', 'Manage Openings']) {
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }),
    ).toBeVisible();
  }
  await page.goto('/');
  await expect(page).toHaveURL(/\/today$/);

  // Dark by default; the light theme is remembered across a reload.
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'dark');

  // Help: feature summary and videos in a dialog that Escape closes.
  await page.getByRole('button', { name: 'Help' }).click();
  const help = page.getByRole('dialog', { name: 'Help' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('heading', { name: 'Tutorial videos' })).toBeVisible();
  await expect(help.getByRole('link', { name: /Spaced repetition/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await logOut(page);

  // A wrong password is refused with the wrong-password message; the right one, by username, works.
  await page.getByLabel('Username or email').fill(user.username);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Bad username/email and password combination')).toBeVisible();
  await signIn(page, user.username, user.password);
  await expect(page).toHaveURL(/\/today$/);
  await logOut(page);

  // Forgot password: an unknown address, then the real one.
  await page.getByRole('button', { name: 'Forgot Password/Username' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot Password/Username' });
  await forgot.getByLabel('Email').fill(`nobody-${user.username}@example.com`);
  await forgot.getByRole('button', { name: 'Request Username and Password Reset' }).click();
  await expect(forgot.getByText('No account with provided email/username found')).toBeVisible();
  await forgot.getByLabel('Email').fill(user.email);
  await forgot.getByRole('button', { name: 'Request Username and Password Reset' }).click();
  await expect(forgot.getByText('Password reset email sent')).toBeVisible();
  await page.keyboard.press('Escape');

  // The mailed link opens the reset page.
  const link = await waitForLink(user.email, /https?:\/\/[^\s"'<>]+\/reset_password\/[A-Za-z0-9_%-]+/);
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  const newPassword = `${user.password}-new`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('something else');
  await page.getByLabel('New password', { exact: true }).focus();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(page.getByText('Password reset', { exact: true })).toBeVisible();

  // The new password works (here by email); the old one no longer does.
  await page.getByLabel('Username or email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Bad username/email and password combination')).toBeVisible();
  await signIn(page, user.email, newPassword);
  await expect(page).toHaveURL(/\/today$/);

  // A used reset link is refused.
  await page.goto(new URL(link).pathname);
  await page.getByLabel('New password', { exact: true }).fill('another-password');
  await page.getByLabel('Confirm new password').fill('another-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(/^Password reset failed - /)).toBeVisible();
});

test('logged out, every other path shows the landing page', async ({ page }) => {
  for (const path of [
    '/game_review',
    '/review_cards',
    '/manage_cards',
    '/manage_openings',
    '/welcome',
    '/no/such/page',
  ]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Train with your own games' })).toBeVisible();
  }
  await page.getByRole('link', { name: 'Sign In' }).first().click();
  await expect(page).toHaveURL(/\/signin$/);
});

test('the sign-up form stays where it is while the landing board loads', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // The board's code is held back until the form has been measured.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/board-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  const submit = page.getByRole('button', { name: 'Sign Up' });
  await expect(submit).toBeVisible();
  const before = await submit.boundingBox();
  release();
  await expect(page.getByRole('group', { name: 'Example position: the Italian Game' })).toBeVisible();
  expect(await submit.boundingBox()).toEqual(before);
});

test('logged in, each screen of the bar opens, and the session survives a reload', async ({ page }) => {
  const user = newUser();
  await signUp(page, user);
  const screens = [
    ['Review Game/Make Cards', /\/game_review$/],
    ['Card Review', /\/review_cards$/],
    ['Edit Cards', /\/manage_cards$/],
    ['Manage Openings', /\/manage_openings$/],
  ] as const;
  for (const [label, url] of screens) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.reload();
  await expect(page).toHaveURL(/\/manage_openings$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/today$/);
  await page.goto('/opening_tool');
  await expect(page).toHaveURL(/\/opening_tool$/);
  await page.goto('/confirmed_failure');
  await expect(page.getByRole('dialog')).toContainText(
    'The email confirmation link is no longer valid. Please contact support@chess-prep.org if you need help signing up.',
  );
});

test('sign-up with a taken email or username says so', async ({ page }) => {
  const user = newUser();
  await signUp(page, user);
  await logOut(page);

  const attempt = async (email: string, username: string) => {
    await page.goto('/');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Desired username').fill(username);
    await page.getByLabel('Password').fill('any-password');
    await page.getByRole('button', { name: 'Sign Up' }).click();
  };
  await attempt(user.email, `${user.username}_2`);
  await expect(page.getByText('There is already an account with that email address')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await attempt(`other-${user.email}`, user.username);
  await expect(
    page.getByText('Unfortunately, this username is already taken, please enter a different one'),
  ).toBeVisible();
});
