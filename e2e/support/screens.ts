import type { Page } from '@playwright/test';

// Screenshots for people to look at: test-results/screens/<name>-<theme>-<width>.png.

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

/** Remembers the theme as the toggle does, and reloads so the page starts in it. */
export async function setTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
}

/** Saves a full-page screenshot once fonts and move animations have settled. */
export async function saveScreen(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  const theme = await page.evaluate(() => document.documentElement.dataset.theme ?? 'dark');
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `test-results/screens/${name}-${theme}-${width}.png`, fullPage: true });
}
