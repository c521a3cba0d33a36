import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { DESKTOP, PHONE, saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';

// Nothing lost, nothing surprising: typed work is asked about before it goes, deletes are confirmed,
// boards take clicks and taps, and the opening tool keeps to the game's colour and its own username.

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';

async function clickSquare(board: Locator, square: string): Promise<void> {
  await board.locator(`[data-square="${square}"]`).click();
}

/** A screenshot of what the viewport shows (a full-screen dialog covers the page behind it). */
async function saveViewport(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  const theme = await page.evaluate(() => document.documentElement.dataset.theme ?? 'dark');
  await page.screenshot({ path: `test-results/screens/${name}-${theme}-${page.viewportSize()?.width ?? 0}.png` });
}

/** Answers the next confirm() and hands back its question. */
function nextDialog(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    }),
  );
}

test('the card editor: no blank cards, click-to-move with targets shown, Escape asks before losing a prompt', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, newUser('polisheditor'));
  await page.goto('/manage_cards');
  await page.getByRole('button', { name: 'Create New Card' }).click();
  const editor = page.getByRole('dialog', { name: 'Make Card' });
  const make = editor.getByRole('button', { name: 'Make Card' });
  await expect(make).toBeDisabled();

  // Click a piece, see its targets, click a target.
  const promptBoard = editor.getByRole('group', { name: /^Prompt board/ });
  await clickSquare(promptBoard, 'e2');
  await expect(promptBoard).toHaveAttribute('data-selected', 'e2');
  await expect(promptBoard).toHaveAttribute('data-targets', 'e3 e4');
  await clickSquare(promptBoard, 'e4');
  await expect(promptBoard).toHaveAttribute('data-fen', AFTER_E4);
  await expect(make).toBeEnabled();

  // The editor fits 1280x800: the boards' last rank is not under the footer.
  const footer = await editor.locator('.modal-footer').boundingBox();
  const rank1 = await editor.getByRole('group', { name: /^Answer board/ }).locator('[data-square="a1"]').boundingBox();
  expect(rank1!.y + rank1!.height).toBeLessThanOrEqual(footer!.y + 1);
  const scrolls = await editor.locator('.modal-body').evaluate((el) => el.scrollHeight > el.clientHeight + 1);
  expect(scrolls).toBe(false);
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await saveViewport(page, 'polish-editor');
  }

  // A typed prompt is not dropped by Escape without asking; dismissing keeps it.
  await editor.getByLabel('Prompt', { exact: true }).fill('What now?');
  let question = nextDialog(page, false);
  await page.keyboard.press('Escape');
  expect(await question).toMatch(/^Discard this card\?/);
  await expect(editor).toBeVisible();
  await expect(editor.getByLabel('Prompt', { exact: true })).toHaveValue('What now?');
  question = nextDialog(page, true);
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await question;
  await expect(editor).toBeHidden();
});
