import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';
import { drag } from './support/board';

// The drill teaches with the study's own words: a New position is shown with the study's comment and
// arrows before it is asked, the right move's comment follows each answer, and a missed position is
// asked again before the session ends. The whole board stays in the window on a laptop and a phone.

const STUDY = [
  '[Event "Teach: Open Game"]',
  '',
  '{ The open game. }',
  '1. e4 { Take the centre [%cal Gd2d4][%csl Ge4] } e5 { Black copies [%cal Rd8h4] } 2. Nf3 { Attack e5 [%clk 0:03:00] } Nc6 3. Bb5 *',
  '',
].join('\n');

const LAPTOP = { width: 1366, height: 768 };
const SMALL_LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function setWhiteStudy(page: Page): Promise<void> {
  await page.goto('/manage_openings');
  const studies = page.getByRole('region', { name: 'Opening Studies' });
  await studies
    .getByLabel('Or upload a PGN opening file')
    .setInputFiles({ name: 'teach.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(STUDY) });
  await studies.getByRole('button', { name: 'Set/Refresh White Opening' }).click();
  await expect(studies.getByRole('status', { name: 'Opening status' })).toHaveText(
    'Done: White opening set to teach.pgn',
  );
}

/** An arrow drawn on the board from one square to another (react-chessboard names its marker by them). */
const arrow = (board: Locator, from: string, to: string) => board.locator(`marker[id$="-${from}-${to}"]`);

/** The whole board is inside the window, and the page does not scroll sideways. */
async function expectWholeBoard(page: Page, board: Locator): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await board.boundingBox();
  const view = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(view.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(view.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(view.width);
}

test('a New position is taught with its comment and arrows, and a missed one is asked again', async ({ page }) => {
  // A whole session with reloads in two themes: longer than the default minute on a busy machine.
  test.setTimeout(240_000);
  await page.setViewportSize(LAPTOP);
  await signUp(page, newUser('teach'));
  await setWhiteStudy(page);
  await page.goto('/drill?color=white');

  const board = page.getByRole('group', { name: 'Drill board, white' });
  const learn = page.getByTestId('drill-learn');
  const line = page.getByTestId('drill-line');
  const note = page.getByTestId('drill-note');
  const prompt = page.locator('.drill-prompt');

  // Learn: the move, the study's words (no PGN command), the answer's arrow and the study's arrow.
  await expect(learn).toContainText('your repertoire plays e4 here');
  await expect(learn.getByTestId('drill-before')).toHaveText(/The open game\./);
  await expect(learn.getByTestId('drill-answer-comment')).toHaveText(/Take the centre/);
  await expect(learn).not.toContainText('%c');
  await expect(arrow(board, 'e2', 'e4')).toHaveCount(1);
  await expect(arrow(board, 'd2', 'd4')).toHaveCount(1);
  await expectWholeBoard(page, board);
  await saveScreen(page, 'drill-learn', { window: true });
  await setTheme(page, 'light');
  await expect(learn).toBeVisible();
  await expectWholeBoard(page, board);
  await saveScreen(page, 'drill-learn', { window: true });
  await setTheme(page, 'dark');
  await page.setViewportSize(SMALL_LAPTOP);
  await expectWholeBoard(page, board);
  await page.setViewportSize(LAPTOP);

  // Then asked: no answer arrow any more; the right move's comment follows, and waits for Next.
  await page.getByRole('button', { name: 'Got it, ask me' }).click();
  await expect(prompt).toHaveText(/Your move/);
  await expect(arrow(board, 'e2', 'e4')).toHaveCount(0);
  await drag(page, board, 'e2', 'e4', { scroll: false });
  await expect(note).toHaveText('✓ Right: e4');
  await expect(page.getByTestId('drill-answer-comment')).toHaveText(/Take the centre/);
  await page.getByRole('button', { name: 'Next' }).click();

  // 1... e5: what the study says about Black's move, then Nf3 taught; a wrong move shows Nf3's comment.
  await expect(line).toHaveText('1. e4 e5');
  await expect(learn.getByTestId('drill-before')).toHaveText(/Black copies/);
  await expect(learn.getByTestId('drill-answer-comment')).toHaveText(/Attack e5/);
  await expect(learn).not.toContainText('0:03:00');
  await expect(arrow(board, 'd8', 'h4')).toHaveCount(0);
  await page.getByRole('button', { name: 'Got it, ask me' }).click();
  await expect(arrow(board, 'd8', 'h4')).toHaveCount(1);
  await drag(page, board, 'd2', 'd4', { scroll: false });
  await expect(note).toHaveText('d4 is not in your repertoire. Play Nf3.');
  await expect(page.getByTestId('drill-answer-comment')).toHaveText(/Attack e5/);
  await drag(page, board, 'g1', 'f3', { scroll: false });
  await expect(note).toHaveText("✓ That's it: Nf3");
  await page.getByRole('button', { name: 'Next' }).click();

  // 2... Nc6 3. Bb5: nothing said, so the drill goes on by itself after the right move.
  await expect(line).toHaveText('1. e4 e5 2. Nf3 Nc6');
  await page.getByRole('button', { name: 'Got it, ask me' }).click();
  await drag(page, board, 'f1', 'b5', { scroll: false });
  await expect(note).toHaveText('✓ Right: Bb5');

  // The missed position comes back before the session ends, asked without the Learn step.
  await expect(line).toHaveText('1. e4 e5');
  await expect(prompt).toHaveText(/Your move/);
  await expect(learn).toHaveCount(0);
  // A drag made while the board still sets the position up does nothing: made again until it counts.
  await expect(async () => {
    await drag(page, board, 'g1', 'f3', { scroll: false });
    await expect(note).toHaveText('✓ Right: Nf3', { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/Nothing due/).first()).toBeVisible();
});

test('the Learn step on a phone shows the whole board and nothing overflows', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await signUp(page, newUser('teachphone'));
  await setWhiteStudy(page);
  await page.goto('/drill?color=white');
  const board = page.getByRole('group', { name: 'Drill board, white' });
  await expect(page.getByTestId('drill-learn')).toContainText('Take the centre');
  await expectWholeBoard(page, board);
  await saveScreen(page, 'drill-learn', { window: true });
  await setTheme(page, 'light');
  await expect(page.getByTestId('drill-learn')).toBeVisible();
  await expectWholeBoard(page, board);
  await saveScreen(page, 'drill-learn', { window: true });
});
