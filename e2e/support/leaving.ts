import type { Page } from '@playwright/test';

/**
 * The player reloads while a save is on its way: requests to `url` take their time (1.5 s before they
 * go on), `act` sends one, and the page reloads as soon as it is sent, the browser's "leave this
 * page?" question answered yes.
 */
export async function reloadWhileSending(page: Page, url: string, act: () => Promise<void>): Promise<void> {
  await page.route(url, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // The page that sent it may be gone: a request kept alive goes on without it.
    await route.continue().catch(() => undefined);
  });
  const accept = (dialog: { accept: () => Promise<void> }) => void dialog.accept();
  page.on('dialog', accept);
  const sent = page.waitForRequest(url);
  await act();
  await sent;
  await page.reload();
  page.off('dialog', accept);
  await page.unroute(url);
}

/** What Today counts as done today (`/api/today`): card grades and drill answers. */
export const doneToday = async (page: Page): Promise<{ cards: number; drill: number }> =>
  (await (await page.request.get('/api/today?tz=UTC')).json()).api_data.done;
