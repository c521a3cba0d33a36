import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { DESKTOP, PHONE, saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';

// Nothing lost, nothing surprising: typed work is asked about before it goes, deletes are confirmed,
// boards take clicks and taps, and the opening tool keeps to the game's colour and its own username.

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

async function openLichessPicker(page: Page, username: string) {
  await page.getByRole('button', { name: 'Get Lichess Game' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lichess games' });
  const field = dialog.getByLabel('Lichess username');
  await field.fill(username);
  await field.blur();
  await expect(dialog.getByRole('status', { name: 'Status', exact: true })).toHaveText('Done');
  return dialog;
}

test('game review: notes saved while typing, mistakes marked and listed, rows with result and opening, Card saved', async ({
  page,
}) => {
  // Four screenshots in two themes after the whole walk: over a minute on a busy machine.
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('polishreview'));
  await page.goto('/game_review');
  const dialog = await openLichessPicker(page, 'thibault');
  // The fake export holds one game without moves; the picker leaves it out.
  await expect(dialog.getByRole('list', { name: 'Recent Lichess games' }).getByRole('button')).toHaveCount(49);
  await dialog.getByRole('list', { name: 'Recent Lichess games' }).getByRole('button').first().click();
  await expect(dialog).toBeHidden();

  // The row shows the result and the opening.
  const row = page.getByRole('list', { name: 'Existing game reviews' }).getByRole('listitem').first();
  await expect(row).toContainText('thibault vs. juan_queve');
  await expect(row).toContainText(/Lichess, Won, C30/);

  // Notes typed and reloaded without leaving the box are kept.
  await page.getByLabel('Notes').pressSequentially('Push f4 earlier', { delay: 10 });
  await expect(page.locator('.gr-notes-state')).toHaveText('Saved');
  await page.reload();
  await expect(page.getByLabel('Notes')).toHaveValue('Push f4 earlier');

  // Mistakes: mark the third move, go elsewhere, follow the link back, delete it.
  const mistakes = page.getByRole('region', { name: 'Mistakes' });
  await expect(mistakes.getByText('No mistakes marked yet.')).toBeVisible();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Step forward' }).click();
  await mistakes.getByRole('button', { name: /^Mark 2\. .+ as a mistake$/ }).click();
  const list = mistakes.getByRole('list', { name: 'Mistakes' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const fenAtMistake = await page.locator('#main .board').first().getAttribute('data-fen');
  await page.getByRole('button', { name: 'Rewind to start' }).click();
  await list.getByRole('button', { name: /^2\. / }).click();
  await expect(page.locator('#main .board').first()).toHaveAttribute('data-fen', fenAtMistake!);
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await saveScreen(page, 'nothing-lost-game-review');
    }
  }
  // On the phone the row's text runs past two lines: it is cut at the second, with nothing of a
  // third showing in the row's padding.
  const clamp = await row.locator('.gr-review-text').evaluate((text) => {
    const lineHeight = parseFloat(getComputedStyle(text).lineHeight);
    return { shown: text.clientHeight, full: text.scrollHeight, lineHeight };
  });
  expect(clamp.full).toBeGreaterThan(clamp.shown);
  expect(clamp.shown).toBeLessThanOrEqual(2 * clamp.lineHeight + 1);
  await page.setViewportSize(DESKTOP);
  await list.getByRole('button', { name: /^Delete the mistake 2\. / }).click();
  await expect(mistakes.getByText('No mistakes marked yet.')).toBeVisible();

  // A card made here says so, with a link to Card Review.
  await page.getByRole('button', { name: 'Step forward' }).click();
  await page.getByRole('button', { name: 'Make Card', exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Make Card' });
  await editor.getByLabel('Prompt', { exact: true }).fill('What did Black play?');
  await editor.getByRole('button', { name: 'Make Card' }).click();
  await expect(editor).toBeHidden();
  const saved = page.getByRole('status').filter({ hasText: 'Card saved.' });
  await expect(saved).toBeVisible();
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
      await saveScreen(page, 'nothing-lost-card-saved', { window: true });
    }
  }
  await saved.getByRole('link', { name: 'Review cards' }).click();
  await expect(page).toHaveURL(/\/review_cards$/);

  // Left alone, the note goes after a few seconds: it sits over the foot of the page.
  await page.goBack();
  await page.getByRole('button', { name: 'Step forward' }).click();
  await page.getByRole('button', { name: 'Make Card', exact: true }).click();
  await editor.getByLabel('Prompt', { exact: true }).fill('And what did White play?');
  await editor.getByRole('button', { name: 'Make Card' }).click();
  await expect(saved).toBeVisible();
  await expect(saved).toBeHidden({ timeout: 15_000 });
});

test('the opening tool: its username is its own, the game is compared by the player’s colour in it, results come into view', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signUp(page, newUser('polishtool'));
  await page.goto('/opening_tool');
  // A White repertoire as a file; the properties say White.
  await page.getByLabel('Or upload a PGN opening file').setInputFiles({
    name: 'kings-gambit.pgn',
    mimeType: 'application/x-chess-pgn',
    buffer: Buffer.from('1. e4 e5 2. f4 exf4 3. Nf3 g5 *\n\n\n1. e4 e5 2. f4 d5 3. exd5 *'),
  });
  await page.getByLabel('Username', { exact: true }).fill('thibault');
  await page.getByRole('button', { name: 'Lichess', exact: true }).click();
  const games = page.getByLabel('Retrieved games');
  await expect(games.locator('option')).toHaveCount(50);
  // The account's saved Lichess name is untouched.
  const session = await page.request.post('/api/check-if-logged-in', {
    headers: { 'X-XSRF-TOKEN': (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '' },
  });
  expect((await session.json()).user.username_lichess ?? null).toBeNull();

  // A game thibault played as Black, compared with the White colour chosen: judged as Black, with a warning.
  const blackGame = games
    .locator('option')
    .filter({ hasText: /vs\. thibault/ })
    .first();
  await games.selectOption({ label: (await blackGame.textContent())!.trim() });
  await page.getByRole('button', { name: 'Run Comparison' }).click();
  const results = page.getByLabel('Results area');
  await expect(results).toContainText(
    'Note: you had Black in this game, so it is compared with the opening as Black (the opening properties say White).',
  );
  await expect(results).not.toContainText('Your opponent left the repertoire at move 1');
  await expect(results).toBeInViewport();
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => (document.documentElement.dataset.theme = t), theme);
    await saveScreen(page, 'nothing-lost-opening-tool');
  }

  // An empty game file says it is empty.
  await page
    .getByLabel('PGN game file')
    .setInputFiles({ name: 'empty.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from('') });
  await page.getByRole('button', { name: 'Run Comparison' }).click();
  await expect(results).toHaveText('The file empty.pgn is empty');
});

test('messages: an unknown Lichess player, an already confirmed address, no stale popup message, Run Comparison by name', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  // Logged out: a cancelled Forgot Password popup opens clean next time.
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Forgot Password/Username' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot Password/Username' });
  await forgot.getByLabel('Email').fill('nobody-nothing-lost@example.com');
  await forgot.getByRole('button', { name: 'Request Username and Password Reset' }).click();
  await expect(forgot.getByText('No account with provided email/username found')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(forgot).toBeHidden();
  await page.getByRole('button', { name: 'Forgot Password/Username' }).click();
  await expect(forgot).toBeVisible();
  await expect(forgot.getByText('No account with provided email/username found')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await signUp(page, newUser('polishmsg'));
  await page.goto('/game_review');
  await page.getByRole('button', { name: 'Get Lichess Game' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lichess games' });
  // A name Lichess does not know is not saved: the account keeps no name, and Account shows none.
  await dialog.getByLabel('Lichess username').fill('no_such_player');
  await dialog.getByLabel('Lichess username').blur();
  await expect(dialog.getByRole('status', { name: 'Status', exact: true })).toHaveText(
    'Lichess has no player named no_such_player: the name was not saved',
  );
  await page.keyboard.press('Escape');
  await page.goto('/account');
  await expect(page.getByLabel('Lichess username')).toHaveValue('');
  // A name Lichess knows is saved on leaving the field, and its games are listed.
  await page.goto('/game_review');
  await page.getByRole('button', { name: 'Get Lichess Game' }).click();
  await dialog.getByLabel('Lichess username').fill('thibault');
  await dialog.getByLabel('Lichess username').blur();
  await expect(dialog.getByRole('list', { name: 'Recent Lichess games' }).getByRole('listitem')).toHaveCount(49);
  await page.keyboard.press('Escape');

  await page.goto('/confirmed_failure?reason=already_confirmed');
  await expect(page.getByRole('dialog')).toContainText('Your email address is already confirmed.');
  await expect(page.getByRole('dialog')).not.toContainText('no longer valid');

  await page.goto('/opening_tool');
  await expect(page.getByRole('button', { name: 'Run Comparison' })).toHaveText('Run Comparision');
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
