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
  await pieceAtRest(page, board.locator(`[data-square="${from}"] [data-piece]`));
  const source = await board.locator(`[data-square="${from}"]`).boundingBox();
  const target = await board.locator(`[data-square="${to}"]`).boundingBox();
  if (!source || !target) throw new Error(`squares ${from} or ${to} not on screen`);
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  await page.mouse.move(source.x + source.width / 2 + 6, source.y + source.height / 2 + 6, { steps: 3 });
  const [x, y] = [target.x + target.width / 2, target.y + target.height / 2];
  await page.mouse.move(x, y, { steps: 8 });
  // The board finds the square under the pointer on an animation frame: on a busy machine a release
  // right after the last move dropped the piece on a square it passed (Bc4 for Bb5). A hand rests a moment.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.mouse.move(x + 1, y + 1);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.mouse.up();
}

/**
 * Waits for the piece to be on its square and still: the board animates a new position (300 ms), and a
 * press on a piece still sliding in can miss it.
 */
async function pieceAtRest(page: Page, piece: Locator): Promise<void> {
  await piece.waitFor();
  let last = await piece.boundingBox();
  for (let i = 0; i < 20; i++) {
    await page.waitForTimeout(60);
    const now = await piece.boundingBox();
    if (now && last && now.x === last.x && now.y === last.y) return;
    last = now;
  }
}
