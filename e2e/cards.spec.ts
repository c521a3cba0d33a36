import { expect, test, type Page } from '@playwright/test';
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { makeSquare } from 'chessops/util';
import { signUp } from './support/account-steps';
import { DESKTOP, PHONE, saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';
import { doneToday, reloadWhileSending } from './support/leaving';
import { drag } from './support/board';

// Flashcards in the browser: make a card in the editor, review it twice (the browser clock moves on
// between the reviews; the server schedules on its own clock), see it in the edit list, edit and delete it.

const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const AFTER_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';

type ApiCard = {
  id: string;
  prompt: string;
  due: string;
  state: number;
  reps: number;
  lapses: number;
  [k: string]: unknown;
};

async function apiCards(page: Page): Promise<ApiCard[]> {
  const response = await page.request.get('/api/get-cards');
  expect(response.ok()).toBe(true);
  return (await response.json()).api_data;
}

/** The short local date-time the screens show, formatted by the browser itself. */
const shortDate = (page: Page, iso: string) =>
  page.evaluate(
    (value) => new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(value)),
    iso,
  );

async function openNav(page: Page, name: string): Promise<void> {
  // The header renders once the session is known; only then does the Menu button show or not.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}

/** A legal move for the side to move and an illegal one (a piece of that side to a square it cannot reach). */
function movesFor(fen: string): { legal: [string, string]; illegal: [string, string] } {
  const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  const dests = pos.allDests();
  let legal: [string, string] | undefined;
  let illegal: [string, string] | undefined;
  for (const [from, to] of dests) {
    const piece = pos.board.get(from)!;
    if (!legal && to.size() > 0 && piece.role !== 'king') legal = [makeSquare(from), makeSquare(to.first()!)];
    if (!illegal) {
      for (let sq = 0; sq < 64; sq++) {
        if (sq !== from && !to.has(sq) && !pos.board.get(sq)) {
          illegal = [makeSquare(from), makeSquare(sq)];
          break;
        }
      }
    }
  }
  return { legal: legal!, illegal: illegal! };
}

test('from a saved game: make a card, review it with Again then Good, see its new due date, edit and delete it', async ({
  page,
}) => {
  await page.clock.install();
  await signUp(page, newUser('cards'));

  // A game thibault played with Black, saved from the (fake) Lichess, stepped to Black's second move.
  await openNav(page, 'Review Game/Make Cards');
  await page.getByRole('button', { name: 'Get Lichess Game' }).click();
  const picker = page.getByRole('dialog', { name: 'Lichess games' });
  await picker.getByLabel('Lichess username').fill('thibault');
  await picker.getByLabel('Lichess username').blur();
  const games = picker.getByRole('list', { name: 'Recent Lichess games' }).getByRole('button');
  await games
    .filter({ hasText: /vs\. thibault/ })
    .first()
    .click();
  await expect(picker).toBeHidden();
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Step forward' }).click();
  const gameBoard = page.locator('#main .board').first();
  await expect(gameBoard).toHaveAttribute('data-orientation', 'black');
  const gameFen = (await gameBoard.getAttribute('data-fen'))!;
  expect(gameFen).toMatch(/ b /);

  // Make Card opens the full-screen editor at that position, oriented for the player.
  await page.getByRole('button', { name: 'Make Card', exact: true }).click();
  const editor = page.getByRole('dialog', { name: 'Make Card' });
  await expect(editor).toBeVisible();
  const promptBoard = editor.getByRole('group', { name: /^Prompt board/ });
  const answerBoard = editor.getByRole('group', { name: /^Answer board/ });
  await expect(promptBoard).toHaveAttribute('data-fen', gameFen);
  await expect(promptBoard).toHaveAttribute('data-orientation', 'black');
  await expect(answerBoard).toHaveAttribute('data-fen', gameFen);
  const promotion = editor.getByRole('group', { name: 'Promotion' });
  for (const name of ['Queen', 'Rook', 'Knight', 'Bishop'])
    await expect(promotion.getByRole('radio', { name })).toBeVisible();
  await expect(promotion.getByRole('radio', { name: 'Queen' })).toBeChecked();

  // A legal move on the answer board is played; an illegal one is refused and reported.
  const { legal } = movesFor(gameFen);
  await drag(page, answerBoard, ...legal);
  await expect(answerBoard).not.toHaveAttribute('data-fen', gameFen);
  const answerFen = (await answerBoard.getAttribute('data-fen'))!;
  expect(answerFen).toMatch(/ w /);
  await expect(editor.getByTestId('card-editor-answer-moves')).toHaveText(/^\d+\.\.\. \S+$/);
  const { illegal } = movesFor(answerFen);
  await drag(page, answerBoard, ...illegal);
  await expect(
    editor.getByRole('alert').filter({ hasText: `Illegal move: ${illegal[0]}-${illegal[1]}` }),
  ).toBeVisible();
  await expect(answerBoard).toHaveAttribute('data-fen', answerFen);

  await editor.getByLabel('Prompt', { exact: true }).fill('Black to move: how did thibault continue?');
  await editor.getByLabel('Answer', { exact: true }).fill('Develop and keep the centre.');
  await saveScreen(page, 'cards-flow-editor', { window: true });
  await editor.getByRole('button', { name: 'Make Card' }).click();
  await expect(editor).toBeHidden();

  const [made] = await apiCards(page);
  expect(made).toMatchObject({
    prompt: 'Black to move: how did thibault continue?',
    prompt_fen: gameFen,
    prompt_pgn: expect.stringMatching(/^1\. \S+ \S+ 2\. \S+$/),
    answer_fen: answerFen,
    answer_pgn: expect.stringMatching(/^2\.\.\. \S+$/),
    orientation: 'black',
    state: 0,
    reps: 0,
  });

  // Card review: the prompt first; the answer and the four scores after 'Show Answer & Score'.
  await openNav(page, 'Card Review');
  await expect(page).toHaveURL(/\/review_cards$/);
  await expect(page.getByText('Black to move: how did thibault continue?')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Prompt board' })).toHaveAttribute('data-fen', gameFen);
  await expect(page.getByRole('group', { name: 'Prompt board' })).toHaveAttribute('data-orientation', 'black');
  await expect(page.getByRole('group', { name: 'Answer board' })).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(page.getByRole('group', { name: 'Answer board' })).toHaveAttribute('data-fen', answerFen);
  await expect(page.getByText('Develop and keep the centre.')).toBeVisible();
  const score = page.getByRole('group', { name: 'Score the card' });
  await expect(score.getByRole('button')).toHaveText([/^Again\s*1m/, /^Hard\s*5m/, /^Good\s*10m/, /^Easy\s*\d+d/]);
  await saveScreen(page, 'cards-flow-review-answer');

  await score.getByRole('button', { name: /^Again/ }).click();
  await expect(page.getByText('No cards are due')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show Answer & Score' })).toHaveCount(0);
  const [afterAgain] = await apiCards(page);
  expect(afterAgain).toMatchObject({ state: 1, reps: 1 });
  expect(Date.parse(afterAgain.due) - Date.parse(afterAgain.last_review as string)).toBe(60_000);
  await saveScreen(page, 'cards-flow-none-due');

  // A minute later (browser clock) the card is due again, as a Learning card, its answer hidden.
  await page.clock.fastForward('01:10');
  await expect(page.getByRole('button', { name: 'Show Answer & Score' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Answer board' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show Answer & Score' }).click();
  await expect(score.getByRole('button')).toHaveText([/^Again\s*5m/, /^Hard\s*10m/, /^Good\s*\d+d/, /^Easy\s*\d+d/]);
  const goodDays = Number((await score.getByRole('button', { name: /^Good/ }).textContent())!.match(/(\d+)d/)![1]);
  await page.keyboard.press('3');
  await expect(page.getByText('No cards are due')).toBeVisible();

  const [afterGood] = await apiCards(page);
  expect(afterGood).toMatchObject({ state: 2, reps: 2, lapses: 0, scheduled_days: goodDays });

  // Edit Cards lists it with its new due date.
  await openNav(page, 'Edit Cards');
  const list = page.getByRole('list', { name: 'SP Cards' });
  const row = list.getByRole('listitem').first();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(row).toContainText(await shortDate(page, afterGood.due));
  await expect(row).toContainText('Black to move: how did thibault continue?');

  // Selecting it opens the editor with Question, Answer, two boards and Save Changes.
  await row.getByRole('button').click();
  const panel = page.getByRole('region', { name: 'Edit card' });
  await expect(panel.getByLabel('Question', { exact: true })).toHaveValue('Black to move: how did thibault continue?');
  await expect(panel.getByRole('group', { name: /^Question board/ })).toHaveAttribute('data-fen', gameFen);
  await expect(panel.getByRole('group', { name: /^Answer board/ })).toHaveAttribute('data-fen', answerFen);
  await panel.getByLabel('Question', { exact: true }).fill('Your move as Black?');
  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(panel.getByText('Changes saved')).toBeVisible();
  await expect(row).toContainText('Your move as Black?');
  await saveScreen(page, 'cards-flow-edit');
  await page.reload();
  await expect(list.getByRole('listitem').first()).toContainText('Your move as Black?');
  const [edited] = await apiCards(page);
  expect(edited).toMatchObject({ prompt: 'Your move as Black?', due: afterGood.due, reps: 2, state: 2 });

  // Delete Checked: the server first, then the list.
  const deleteButton = page.getByRole('button', { name: /^Delete Checked/ });
  await expect(deleteButton).toBeDisabled();
  await list.getByRole('checkbox').check();
  // A confirmation names how many cards go.
  // The app's own dialog, not the browser's, names how many cards go.
  let browserDialog = false;
  page.once('dialog', (d) => ((browserDialog = true), void d.dismiss()));
  await deleteButton.click();
  const confirm = page.getByRole('dialog', { name: 'Delete 1 card?' });
  await expect(confirm).toContainText('This cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  expect(browserDialog).toBe(false);
  await expect(page.getByText(/No cards yet/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/No cards yet/)).toBeVisible();
  expect(await apiCards(page)).toEqual([]);
});

test("Create New Card: moves on the prompt board, '->' and the answer move are saved", async ({ page }) => {
  await signUp(page, newUser('cardnew'));
  await openNav(page, 'Edit Cards');
  await expect(page.getByRole('heading', { name: 'SP Cards:' })).toBeVisible();
  await expect(page.getByText(/No cards yet/)).toBeVisible();

  await page.getByRole('button', { name: 'Create New Card' }).click();
  const editor = page.getByRole('dialog', { name: 'Make Card' });
  const promptBoard = editor.getByRole('group', { name: /^Prompt board/ });
  const answerBoard = editor.getByRole('group', { name: /^Answer board/ });
  await drag(page, promptBoard, 'e2', 'e4');
  await drag(page, promptBoard, 'e7', 'e5');
  await expect(promptBoard).toHaveAttribute('data-fen', AFTER_E4_E5);
  await expect(editor.getByTestId('card-editor-prompt-moves')).toHaveText('1. e4 e5');
  await editor.getByRole('button', { name: /^->/ }).click();
  await expect(answerBoard).toHaveAttribute('data-fen', AFTER_E4_E5);
  await drag(page, answerBoard, 'g1', 'f3');
  await expect(answerBoard).toHaveAttribute('data-fen', AFTER_NF3);
  await expect(editor.getByTestId('card-editor-answer-moves')).toHaveText('2. Nf3');
  // Black's queen is blocked by its own pawn.
  await drag(page, answerBoard, 'd8', 'd5');
  await expect(editor.getByRole('alert').filter({ hasText: 'Illegal move: d8-d5' })).toBeVisible();
  await expect(answerBoard).toHaveAttribute('data-fen', AFTER_NF3);
  await editor.getByLabel('Prompt', { exact: true }).fill('Black answered 1...e5. Best developing move?');
  await editor.getByRole('button', { name: 'Make Card' }).click();
  await expect(editor).toBeHidden();

  const [made] = await apiCards(page);
  expect(made).toMatchObject({
    prompt: 'Black answered 1...e5. Best developing move?',
    prompt_fen: AFTER_E4_E5,
    prompt_pgn: '1. e4 e5',
    answer_fen: AFTER_NF3,
    answer_pgn: '2. Nf3',
    orientation: 'white',
  });
  await expect(page.getByRole('list', { name: 'SP Cards' }).getByRole('listitem')).toHaveCount(1);
});

test('keys 1-4 and space score cards; Cancel in the editor saves nothing', async ({ page }) => {
  await signUp(page, newUser('cardkeys'));
  await seedCards(page, 2);
  await page.goto('/review_cards');
  await expect(page.getByTestId('due-count')).toHaveText('2 due · 2 cards');
  await page.keyboard.press('4'); // ignored while the answer is hidden
  await expect(page.getByTestId('due-count')).toHaveText('2 due · 2 cards');
  await page.keyboard.press('Space');
  await page.keyboard.press('4');
  await expect(page.getByTestId('due-count')).toHaveText('1 due · 2 cards');
  await page.keyboard.press('Space');
  await page.keyboard.press('Space'); // space again scores Good
  await expect(page.getByText('No cards are due')).toBeVisible();
  const cards = await apiCards(page);
  expect(cards.map((c) => c.state).sort()).toEqual([1, 2]);

  await page.goto('/manage_cards');
  await page.getByRole('button', { name: 'Create New Card' }).click();
  await page.getByRole('dialog', { name: 'Make Card' }).getByLabel('Prompt', { exact: true }).fill('never saved');
  // Typed work is not thrown away without asking.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('dialog', { name: 'Discard this card?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(await apiCards(page)).toHaveLength(2);
});

test('a grade still on its way when the player reloads is stored all the same', async ({ page }) => {
  await signUp(page, newUser('cardleave'));
  await seedCards(page, 2);
  await page.goto('/review_cards');
  await expect(page.getByTestId('due-count')).toHaveText('2 due · 2 cards');
  await reloadWhileSending(page, '**/api/review-card', async () => {
    await page.keyboard.press('Space');
    await page.keyboard.press('3');
  });
  await expect.poll(async () => (await doneToday(page)).cards).toBe(1);
});

/** Saves `count` cards over the API, as the editor would, with the session's XSRF token. */
async function seedCards(page: Page, count: number, prefix = 'Seeded card') {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const cards = Array.from({ length: count }, (_, i) => ({
    id: `seed-${Date.now()}-${i}`,
    prompt: `${prefix} ${i + 1}: what does Black play after 1. e4?`,
    prompt_fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
    answer: 'The Sicilian, 1...c5.',
    answer_fen: 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2',
    answer_pgn: '1... c5',
    orientation: 'black',
    due: new Date(Date.now() - (count - i) * 60_000).toISOString(),
  }));
  const response = await page.request.post('/api/upsert-cards', { data: cards, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(response.ok()).toBe(true);
}

for (const viewport of [DESKTOP, PHONE]) {
  test(`card screens at ${viewport.width}px in both themes`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUp(page, newUser(`cardscreens${viewport.width}`));
    await seedCards(page, 6);
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await page.goto('/review_cards');
      await expect(page.getByRole('button', { name: 'Show Answer & Score' })).toBeVisible();
      await saveScreen(page, 'cards-review');
      await page.getByRole('button', { name: 'Show Answer & Score' }).click();
      await expect(page.getByRole('group', { name: 'Score the card' })).toBeVisible();
      await saveScreen(page, 'cards-review-answer');

      await page.goto('/manage_cards');
      await page.getByRole('list', { name: 'SP Cards' }).getByRole('listitem').nth(1).getByRole('button').click();
      await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
      await saveScreen(page, 'cards-edit');

      await page.getByRole('button', { name: 'Create New Card' }).click();
      await expect(page.getByRole('dialog', { name: 'Make Card' })).toBeVisible();
      await saveScreen(page, 'cards-editor', { window: true });
      await page.getByRole('button', { name: 'Cancel' }).click();
    }
  });
}
