import type { Page } from '@playwright/test';

// Screenshots for people to look at: test-results/screens/<name>-<theme>-<width>.png.

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };
/** A common laptop window and a common phone, for the pictures of a screen's fix. */
export const LAPTOP = { width: 1366, height: 768 };
export const PHONE_390 = { width: 390, height: 844 };

/** Remembers the theme as the toggle does, and reloads so the page starts in it. */
export async function setTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
  await page.reload();
}

/**
 * Pictures are for people: CI, where nobody looks at them, skips them (some 4 minutes of the run) unless
 * E2E_SCREENS=1. The checks around each call run either way.
 */
const takePictures = !process.env.CI || process.env.E2E_SCREENS === '1';

/**
 * Saves a screenshot once fonts and move animations have settled: the whole page, or with `window` what
 * the window shows (a board that must fit, a full-screen dialog, a row scrolled into view).
 */
export async function saveScreen(page: Page, name: string, { window = false } = {}): Promise<void> {
  if (!takePictures) return;
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(400);
  const theme = await page.evaluate(() => document.documentElement.dataset.theme ?? 'dark');
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `test-results/screens/${name}-${theme}-${width}.png`, fullPage: !window });
}
