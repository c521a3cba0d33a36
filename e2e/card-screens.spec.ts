import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { DESKTOP, PHONE, saveScreen } from './support/screens';
import { newUser } from './support/users';

// The card screens keep what is typed and take clicks and taps: no blank cards, an answer played on
// the prompt board, unsaved edits asked about before leaving, deletes confirmed in the app's own dialog.

const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';

async function clickSquare(board: Locator, square: string): Promise<void> {
  await board.locator(`[data-square="${square}"]`).click();
}

/** Counts the browser's own dialogs (alert, confirm, beforeunload): the app asks in its own. */
function countBrowserDialogs(page: Page): { count: number } {
  const seen = { count: 0 };
  page.on('dialog', (dialog) => {
    seen.count++;
    void dialog.dismiss();
  });
  return seen;
}

test('the card editor: no blank cards, click-to-move with targets shown, Escape asks before losing a prompt', async ({
  page,
}) => {
  const browserDialogs = countBrowserDialogs(page);
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
  const rank1 = await editor
    .getByRole('group', { name: /^Answer board/ })
    .locator('[data-square="a1"]')
    .boundingBox();
  expect(rank1!.y + rank1!.height).toBeLessThanOrEqual(footer!.y + 1);
  const scrolls = await editor.locator('.modal-body').evaluate((el) => el.scrollHeight > el.clientHeight + 1);
  expect(scrolls).toBe(false);
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await saveScreen(page, 'nothing-lost-editor', { window: true });
  }

  // The promotion radios are one group: arrow keys move the choice.
  const promotion = editor.getByRole('group', { name: 'Promotion' });
  await promotion.getByRole('radio', { name: 'Queen' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(promotion.getByRole('radio', { name: 'Rook' })).toBeChecked();
  await expect(promotion.getByRole('radio', { name: 'Queen' })).not.toBeChecked();

  // On a phone the editor scrolls as a whole page would; look at it in both themes.
  await page.setViewportSize(PHONE);
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await saveScreen(page, 'nothing-lost-editor', { window: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // A typed prompt is not dropped by Escape without asking, in the app's own dialog; 'Keep editing'
  // (or Escape again) keeps it.
  await editor.getByLabel('Prompt', { exact: true }).fill('What now?');
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Discard this card?' });
  await expect(question).toContainText('What you typed and played will be lost.');
  for (const size of [{ width: 1280, height: 800 }, PHONE]) {
    await page.setViewportSize(size);
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
      await saveScreen(page, 'nothing-lost-discard-question', { window: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(editor).toBeVisible();
  await expect(editor.getByLabel('Prompt', { exact: true })).toHaveValue('What now?');
  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(editor.getByLabel('Prompt', { exact: true })).toHaveValue('What now?');
  // Cancel asks the same; 'Discard' closes the editor and nothing is saved.
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(editor).toBeHidden();
  await expect(question).toBeHidden();
  const cards = await page.request.get('/api/get-cards');
  expect((await cards.json()).api_data).toEqual([]);
  expect(browserDialogs.count).toBe(0);
});

/** Saves cards over the API, as the editor would, with the session's XSRF token. */
async function seedCards(page: Page, prompts: string[]): Promise<void> {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const cards = prompts.map((prompt, i) => ({
    id: `nothing-lost-${Date.now()}-${i}`,
    prompt,
    prompt_fen: AFTER_E4,
    prompt_pgn: '1. e4',
    answer: 'The Sicilian, 1...c5.',
    answer_fen: 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2',
    answer_pgn: '1. e4 c5',
    orientation: 'black',
    due: new Date(Date.now() - (prompts.length - i) * 60_000).toISOString(),
  }));
  const response = await page.request.post('/api/upsert-cards', { data: cards, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(response.ok()).toBe(true);
}

test('Card Review: the answer can be played on the prompt board before revealing, right or wrong', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('polishreview'));
  await seedCards(page, ['Black to move after 1. e4?']);
  await page.goto('/review_cards');
  const prompt = page.getByRole('group', { name: 'Prompt board' });
  await expect(prompt).toHaveAttribute('data-fen', AFTER_E4);
  await clickSquare(prompt, 'e7');
  await clickSquare(prompt, 'e5');
  await expect(page.getByText('Not the answer: you played e5.')).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(prompt).toHaveAttribute('data-fen', AFTER_E4);
  await clickSquare(prompt, 'c7');
  await clickSquare(prompt, 'c5');
  await expect(page.getByText('Right: c5 is the answer.')).toBeVisible();
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
      await saveScreen(page, 'nothing-lost-card-review-played');
    }
  }
  await page.getByRole('button', { name: 'Show Answer & Score' }).click();
  await expect(page.getByRole('group', { name: 'Score the card' })).toBeVisible();
});

test('Edit Cards: unsaved edits are asked about before leaving; Delete Checked names how many', async ({ page }) => {
  const browserDialogs = countBrowserDialogs(page);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('polishedit'));
  await seedCards(page, ['First card', 'Second card']);
  await page.goto('/manage_cards');
  const list = page.getByRole('list', { name: 'SP Cards' });
  await list.getByRole('listitem').first().getByRole('button').click();
  const panel = page.getByRole('region', { name: 'Edit card' });
  await panel.getByLabel('Question', { exact: true }).fill('Changed, not saved');
  await expect(panel.getByText('Unsaved changes')).toBeVisible();

  // Leaving by the navigation asks in the app's dialog; 'Keep editing' stays with the edit.
  const cardReviewLink = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Card Review', exact: true });
  await cardReviewLink.click();
  const question = page.getByRole('dialog', { name: 'Discard the changes to this card?' });
  await expect(question).toContainText('They are not saved yet.');
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(page).toHaveURL(/\/manage_cards$/);
  await expect(panel.getByLabel('Question', { exact: true })).toHaveValue('Changed, not saved');

  // Another card in the list asks too.
  await list.getByRole('listitem').nth(1).getByRole('button').click();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(panel.getByLabel('Question', { exact: true })).toHaveValue('Changed, not saved');

  // 'Discard' leaves by the link, and the edit is gone.
  await cardReviewLink.click();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(page).toHaveURL(/\/review_cards$/);
  // Back once Card Review has replaced Edit Cards (its code may still be loading when the address changes).
  await expect(page.getByRole('heading', { name: 'Card Review', exact: true, level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/manage_cards$/);
  await list.getByRole('listitem').first().getByRole('button').click();
  await expect(panel.getByLabel('Question', { exact: true })).toHaveValue(/^(First|Second) card$/);
  await panel.getByLabel('Question', { exact: true }).fill('Changed and saved');
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(panel.getByText('Changes saved')).toBeVisible();

  // Deleting both asks with the count, in the app's own dialog; cancelling keeps them.
  for (const row of await list.getByRole('checkbox').all()) await row.check();
  await page.getByRole('button', { name: /^Delete Checked/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 2 cards?' });
  await expect(confirm).toContainText('This cannot be undone.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: /^Delete Checked/ }).click();
  await page.getByRole('dialog', { name: 'Delete 2 cards?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(/No cards yet/)).toBeVisible();
  // With nothing unsaved, leaving asks nothing.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Card Review', exact: true }).click();
  await expect(page).toHaveURL(/\/review_cards$/);
  expect(browserDialogs.count).toBe(0);
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: PHONE });

  test('a tap on a piece and a tap on a target plays the move', async ({ page }) => {
    await signUp(page, newUser('polishtouch'));
    await seedCards(page, ['Black to move after 1. e4?']);
    await page.goto('/review_cards');
    const prompt = page.getByRole('group', { name: 'Prompt board' });
    await prompt.locator('[data-square="c7"]').tap();
    await expect(prompt).toHaveAttribute('data-selected', 'c7');
    await prompt.locator('[data-square="c5"]').tap();
    await expect(page.getByText('Right: c5 is the answer.')).toBeVisible();
  });
});
