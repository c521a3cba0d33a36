import { expect, test } from '@playwright/test';
import { signUp } from './support/account-steps';
import { DESKTOP, PHONE, saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';

// Screenshots of the logged-out pages and the welcome page, in both themes, at desktop and phone width.

for (const viewport of [DESKTOP, PHONE]) {
  test(`account pages at ${viewport.width}px in both themes`, async ({ page }) => {
    await page.setViewportSize(viewport);
    for (const theme of ['dark', 'light'] as const) {
      await page.goto('/');
      await setTheme(page, theme);
      await expect(page.getByRole('heading', { name: 'Train with your own games' })).toBeVisible();
      await saveScreen(page, 'landing');

      await page.goto('/signin');
      await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
      await saveScreen(page, 'signin');

      await page.getByRole('button', { name: 'Forgot Password/Username' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await saveScreen(page, 'forgot');

      await page.context().clearCookies();
      await signUp(page, newUser(`screens${viewport.width}${theme}`));
      await expect(page.getByRole('heading', { name: /^Welcome/ })).toBeVisible();
      await saveScreen(page, 'welcome');

      // The header renders once the session is known; only then does the Menu button show or not.

      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

      const menu = page.getByRole('button', { name: 'Menu' });
      if (await menu.isVisible()) {
        await menu.click();
        await saveScreen(page, 'menu');
      }
      await page.getByRole('button', { name: 'Help' }).click();
      await expect(page.getByRole('dialog', { name: 'Help' })).toBeVisible();
      await saveScreen(page, 'help');
      await page.context().clearCookies();
    }
  });
}
