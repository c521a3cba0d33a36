import type { Locator, Page } from '@playwright/test';

/**
 * Drags a piece on a react-chessboard board as a hand would: press, a small move to start the drag,
 * then on to the target square. The board is scrolled to the middle of the screen first unless
 * `scroll` is false (for a test that checks what shows without scrolling).
 */
export async function drag(
  page: Page,
  board: Locator,
  from: string,
  to: string,
  { scroll = true }: { scroll?: boolean } = {},
): Promise<void> {
  if (scroll) await board.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const source = await board.locator(`[data-square="${from}"]`).boundingBox();
  const target = await board.locator(`[data-square="${to}"]`).boundingBox();
  if (!source || !target) throw new Error(`squares ${from} or ${to} not on screen`);
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 6, source.y + source.height / 2 + 6, { steps: 3 });
  await page.mouse.move(target.x + target.width / 2, target.y + target.height / 2, { steps: 8 });
  await page.mouse.up();
}
