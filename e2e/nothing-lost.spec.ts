import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { DESKTOP, PHONE, saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';

// Nothing lost, nothing surprising, beyond the card screens (card-screens.spec.ts): game review notes
// saved while typing, the opening tool keeping to the game's colour and its own username, and messages
// that say what happened.

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
  // third showing in the row's padding. Measured once the row's analysed mark has taken its width (the
  // text fitted two lines before it came, on a slow run).
  await expect(row.getByTestId('review-analysed')).toBeVisible();
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
