import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { DESKTOP, PHONE, saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';
import { drag } from './support/board';
import { setStudy } from './support/opening-steps';
import { doneToday, reloadWhileSending } from './support/leaving';

// The drill in the browser: a white repertoire uploaded on Manage Openings, drilled line by line with
// one wrong and several right answers; then the study gains one chapter and loses another, and the
// deck follows it.

const OPEN = '[Event "Open Game"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *';
const SICILIAN = '[Event "Sicilian"]\n\n1. e4 c5 2. Nf3 *';
const FRENCH = '[Event "French"]\n\n1. e4 e6 2. d4 *';
/** The right move for each drilled position, by the line that leads there. */
const RIGHT: Record<string, string> = {
  'Start of the chapter': 'e4',
  '1. e4 e5': 'Nf3',
  '1. e4 c5': 'Nf3',
  '1. e4 e6': 'd4',
  '1. e4 e5 2. Nf3 Nc6': 'Bb5',
};

async function openDrill(page: Page): Promise<void> {
  // The header renders once the session is known; only then does the Menu button show or not.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Drill', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Drill' })).toBeVisible();
}

/** A New position is taught first: its move is shown, then asked. */
const learn = (page: Page) => page.getByRole('button', { name: 'Got it, ask me' }).click();

const stats = async (page: Page) => (await (await page.request.get('/api/drill/stats?color=white')).json()).api_data;

test('a drill session with one wrong and several right answers, then the deck follows the study', async ({ page }) => {
  // Each New position is taught before it is asked: a longer session than the default minute allows.
  test.setTimeout(240_000);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('drill'));
  await setStudy(page, 'White', 'white-prep.pgn', `${OPEN}\n\n\n${SICILIAN}`);
  await openDrill(page);

  const board = page.getByRole('group', { name: 'Drill board, white' });
  const prompt = page.locator('.drill-prompt');
  const note = page.getByTestId('drill-note');
  const line = page.getByTestId('drill-line');
  await expect(page.getByTestId('drill-progress-white')).toContainText('0% learned of 4');

  // Line mode starts at the beginning: the first move is taught, then asked.
  await learn(page);
  await expect(prompt).toHaveText(/Your move/);
  await expect(line).toHaveText('Start of the chapter');
  await drag(page, board, 'e2', 'e4');
  await expect(note).toHaveText('✓ Right: e4');

  // 1... e5: a wrong move is taken back and the repertoire move played; then 2... Nc6 and 3. Bb5 (Easy).
  const openGame = async () => {
    await expect(line).toHaveText('1. e4 e5');
    await learn(page);
    await expect(prompt).toHaveText(/Your move/);
    await expect(board).toHaveAttribute('data-fen', /^rnbqkbnr\/pppp1ppp\/8\/4p3\/4P3\/8\/PPPP1PPP\/RNBQKBNR w/);
    await drag(page, board, 'd2', 'd4');
    await expect(note).toHaveText('d4 is not in your repertoire. Play Nf3.');
    await expect(prompt).toHaveText('Play the repertoire move');
    await expect(board).toHaveAttribute('data-fen', /^rnbqkbnr\/pppp1ppp\/8\/4p3\/4P3\/8\/PPPP1PPP\/RNBQKBNR w/);
    await saveScreen(page, 'drill-wrong', { window: true });
    // Played once from the keyboard: m jumps to the move box.
    await page.keyboard.press('m');
    await page.keyboard.type('Nf3');
    await page.keyboard.press('Enter');
    // The note may already have moved on with the line on a busy machine: the text alone is checked.
    await expect(note).toHaveText(/That's it: Nf3/);

    // 2... Nc6 and 3. Bb5, chosen Easy with the 4 key.
    await expect(line).toHaveText('1. e4 e5 2. Nf3 Nc6');
    await learn(page);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('4');
    await expect(page.getByRole('radio', { name: /Easy/ })).toBeChecked();
    await drag(page, board, 'f1', 'b5');
    await expect(note).toHaveText('✓ Right: Bb5');
  };
  const sicilian = async () => {
    await expect(line).toHaveText('1. e4 c5');
    await learn(page);
    await drag(page, board, 'g1', 'f3');
    await expect(note).toHaveText('✓ Right: Nf3');
  };

  // With no explorer figures stored the opponent's reply is picked uniformly: either line may come
  // first. The other follows from the start, 1. e4 played for the player (no longer due).
  await expect(line).toHaveText(/^1\. e4 (e5|c5)$/);
  if ((await line.textContent()) === '1. e4 c5') {
    await sicilian();
    await openGame();
  } else {
    await openGame();
    await sicilian();
  }

  // The missed position is asked again before the session ends.
  await expect(line).toHaveText('1. e4 e5');
  await expect(prompt).toHaveText(/Your move/);
  await drag(page, board, 'g1', 'f3');
  await expect(note).toHaveText('✓ Right: Nf3');

  // Everything answered: the next item falls due within minutes.
  await expect(page.getByRole('status').filter({ hasText: 'Nothing due' })).toHaveText(/Nothing due; next item in/);
  // The missed position, answered right when asked again, went on to review with the Easy one.
  expect(await stats(page)).toMatchObject({ total: 4, new: 0, learning: 2, review: 2, new_today: 4, retired: 0 });
  // One allowance for both colours, said once.
  await expect(page.getByTestId('drill-new-today')).toHaveText('4/20 new today, both colours together');
  await expect(page.getByText(/new today/)).toHaveCount(1);
  await saveScreen(page, 'drill-finished');
  await setTheme(page, 'light');
  await expect(page.getByRole('status').filter({ hasText: 'Nothing due' })).toBeVisible();
  await saveScreen(page, 'drill-finished');
  await setTheme(page, 'dark');

  // The study gains the French and loses the Sicilian: storing it syncs the deck.
  await setStudy(page, 'White', 'white-prep-2.pgn', `${OPEN}\n\n\n${FRENCH}`);
  expect(await stats(page)).toMatchObject({ total: 4, retired: 1, new: 1 });
  await openDrill(page);
  // The mode lives in the address: the radio shows it once the router has rendered the new one.
  await page.getByRole('radio', { name: 'Positions' }).click();
  await expect(page.getByRole('radio', { name: 'Positions' })).toBeChecked();
  await expect(page).toHaveURL(/mode=position/);
  const asked: string[] = [];
  for (let i = 0; i < 4; i++) {
    // After a right answer the prompt stays (empty) until the next item or the finished state comes.
    const taught = page.getByRole('button', { name: 'Got it, ask me' });
    await expect(
      prompt
        .filter({ hasText: /Your move/ })
        .or(page.getByText('Nothing due;'))
        .or(taught),
    ).toBeVisible();
    if (await page.getByText('Nothing due;').isVisible()) break;
    if (await taught.isVisible()) await taught.click();
    const text = (await line.textContent()) ?? '';
    asked.push(text);
    await page.getByLabel('Type your move').fill(RIGHT[text]);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(note).toHaveText(`✓ Right: ${RIGHT[text]}`);
    if (asked.length === 1) {
      await page.setViewportSize(PHONE);
      await saveScreen(page, 'drill-position');
      await page.setViewportSize(DESKTOP);
    }
  }
  expect(asked).toContain('1. e4 e6');
  expect(asked).not.toContain('1. e4 c5');
  await expect(page.getByText(/Nothing due; next item in/)).toBeVisible();
  expect(await stats(page)).toMatchObject({ total: 4, new: 0, retired: 1 });
});

test('the drill at 375 px in both themes, and a colour without a study', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signUp(page, newUser('drillphone'));
  await setStudy(page, 'White', 'phone.pgn', `${OPEN}\n\n\n${SICILIAN}`);
  await openDrill(page);
  await expect(page.getByTestId('drill-learn')).toBeVisible();
  await saveScreen(page, 'drill-ask');
  await setTheme(page, 'light');
  await expect(page.getByTestId('drill-learn')).toBeVisible();
  await saveScreen(page, 'drill-ask');
  await page.getByRole('radio', { name: 'Black' }).click();
  await expect(page.getByRole('radio', { name: 'Black' })).toBeChecked();
  await expect(page.getByText('You have no black study yet.')).toBeVisible();
});

test('a Drill visit without a study says so and never asks the server to sync', async ({ page }) => {
  const syncs: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/drill/sync')) syncs.push(request.method());
  });
  await signUp(page, newUser('drillnone'));
  await openDrill(page);
  await expect(page.getByText('You have no white study yet.')).toBeVisible();
  await page.getByRole('radio', { name: 'Black' }).click();
  await expect(page.getByText('You have no black study yet.')).toBeVisible();
  await expect(page.getByText(/Bringing your/)).toHaveCount(0);
  expect(syncs).toEqual([]);
});

test('an answer still on its way when the player reloads is stored all the same', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('drillleave'));
  await setStudy(page, 'White', 'leave.pgn', OPEN);
  await openDrill(page);
  await learn(page);
  // The server grades the move: the player reloads before its verdict comes back.
  await reloadWhileSending(page, '**/api/drill/answer', () =>
    drag(page, page.getByRole('group', { name: 'Drill board, white' }), 'e2', 'e4'),
  );
  await expect.poll(async () => (await doneToday(page)).drill).toBe(1);
});
