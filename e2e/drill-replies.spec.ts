import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { saveScreen } from './support/screens';
import { newUser } from './support/users';
import { drag } from './support/board';

// "All my replies": after 1. e4 Black has three repertoire replies (1... e5, 1... c5, 1... e6); line mode
// plays one of them, and the player asks for their answer to each in turn.

const STUDY = [
  '[Event "Open Game"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *',
  '[Event "Sicilian"]\n\n1. e4 c5 2. Nf3 *',
  '[Event "French"]\n\n1. e4 e6 2. d4 *',
].join('\n\n\n');

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

async function setWhiteStudy(page: Page): Promise<void> {
  await page.goto('/manage_openings');
  const studies = page.getByRole('region', { name: 'Opening Studies' });
  await studies.getByLabel('Or upload a PGN opening file').setInputFiles({
    name: 'replies.pgn',
    mimeType: 'application/x-chess-pgn',
    buffer: Buffer.from(STUDY),
  });
  await studies.getByRole('button', { name: 'Set/Refresh White Opening' }).click();
  await expect(studies.getByRole('status', { name: 'Opening status' })).toHaveText(
    'Done: White opening set to replies.pgn',
  );
}

/** The header's theme button: in the header on a wide screen, behind Menu on a phone. */
async function switchTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  const behindMenu = await menu.isVisible();
  if (behindMenu) await menu.click();
  await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  if (behindMenu) await menu.click();
}

/** The board, the heading and the side fit the window's width (nothing scrolls sideways). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('all my replies asks the answer to each of the opponent replies in turn', async ({ page }) => {
  // Five New positions, each taught before it is asked.
  test.setTimeout(180_000);
  await page.setViewportSize(LAPTOP);
  await signUp(page, newUser('replies'));
  await setWhiteStudy(page);
  await page.goto('/drill?color=white');

  const board = page.getByRole('group', { name: 'Drill board, white' });
  const line = page.getByTestId('drill-line');
  const note = page.getByTestId('drill-note');
  const heading = page.getByTestId('drill-replies-heading');
  const learn = page.getByRole('button', { name: 'Got it, ask me' });
  const answer = async (san: string) => {
    await page.getByLabel('Type your move').fill(san);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(note).toHaveText(new RegExp(`Right: ${san.replace('+', '\\+')}$`));
  };

  await learn.click();
  await answer('e4');
  // Line mode picks one of Black's three replies; the drill offers all of them.
  await expect(line).toHaveText(/^1\. e4 (e5|c5|e6)$/);
  const allReplies = page.getByRole('button', { name: 'All my replies (3)' });
  await expect(allReplies).toBeVisible();
  await expect(heading).toHaveCount(0);
  await saveScreen(page, 'drill-all-replies-offer', { window: true });
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page);
  await saveScreen(page, 'drill-all-replies-offer');
  await page.setViewportSize(LAPTOP);
  await allReplies.click();

  // In the study's order, each reply played on the board, then the player's answer asked.
  const replies = [
    { line: '1. e4 e5', fen: /^rnbqkbnr\/pppp1ppp\/8\/4p3\/4P3\//, answer: 'Nf3' },
    { line: '1. e4 c5', fen: /^rnbqkbnr\/pp1ppppp\/8\/2p5\/4P3\//, answer: 'Nf3' },
    { line: '1. e4 e6', fen: /^rnbqkbnr\/pppp1ppp\/4p3\/8\/4P3\//, answer: 'd4' },
  ];
  for (const [i, reply] of replies.entries()) {
    await expect(heading).toHaveText(`Your answer to each of Black's 3 replies: ${i + 1} of 3`);
    await expect(line).toHaveText(reply.line);
    await expect(board).toHaveAttribute('data-fen', reply.fen);
    await expect(allReplies).toHaveCount(0);
    await learn.click();
    await expect(page.locator('.drill-prompt')).toHaveText(/Your move/);
    if (i === 0) {
      await expectNoSidewaysScroll(page);
      await saveScreen(page, 'drill-all-replies', { window: true });
      await switchTheme(page, 'light');
      await saveScreen(page, 'drill-all-replies', { window: true });
      await page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(page);
      await saveScreen(page, 'drill-all-replies', { window: true });
      await switchTheme(page, 'dark');
      await saveScreen(page, 'drill-all-replies', { window: true });
      await saveScreen(page, 'drill-all-replies-page');
      await page.setViewportSize(LAPTOP);
    }
    if (i === 1) {
      // A wrong answer is taken back as anywhere in the drill; the round goes on once it is played.
      await drag(page, board, 'd2', 'd4');
      await expect(note).toHaveText('d4 is not in your repertoire. Play Nf3.');
      await page.getByLabel('Type your move').fill('Nf3');
      await page.getByRole('button', { name: 'Play', exact: true }).click();
      await expect(note).toHaveText(/That's it: Nf3/);
      continue;
    }
    await answer(reply.answer);
  }

  // The round over, line mode goes on with what is left: 2... Nc6 of the Open Game.
  await expect(line).toHaveText('1. e4 e5 2. Nf3 Nc6');
  await expect(heading).toHaveCount(0);
  await learn.click();
  await answer('Bb5');
  // Each answer was a review of its own: five New positions answered today, the Sicilian missed once.
  const stats = (await (await page.request.get('/api/drill/stats?color=white')).json()).api_data;
  expect(stats).toMatchObject({ total: 5, new: 0, new_today: 5 });
});

test('the Positions drill offers all my replies where the item came through several opponent replies', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(LAPTOP);
  await signUp(page, newUser('replies-pos'));
  await setWhiteStudy(page);
  await page.goto('/drill?color=white');
  await page.getByRole('radio', { name: 'Positions' }).click();
  await expect(page.getByRole('radio', { name: 'Positions' })).toBeChecked();

  const board = page.getByRole('group', { name: 'Drill board, white' });
  const line = page.getByTestId('drill-line');
  const note = page.getByTestId('drill-note');
  const heading = page.getByTestId('drill-replies-heading');
  const learn = page.getByRole('button', { name: 'Got it, ask me' });
  const allReplies = page.getByRole('button', { name: 'All my replies (3)' });
  const answer = async (san: string) => {
    await learn.click();
    await page.getByLabel('Type your move').fill(san);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(note).toHaveText(new RegExp(`Right: ${san}$`));
  };

  // The start position came through no choice of Black's: nothing offered.
  await expect(line).toHaveText('Start of the chapter');
  await expect(learn).toBeVisible();
  await expect(allReplies).toHaveCount(0);
  await answer('e4');

  // The next position, after 1... e5, is one of Black's three replies to 1. e4.
  await expect(line).toHaveText('1. e4 e5');
  await expect(allReplies).toBeVisible();
  await saveScreen(page, 'drill-positions-all-replies', { window: true });
  await allReplies.click();
  for (const [i, reply] of [
    ['1. e4 e5', 'Nf3'],
    ['1. e4 c5', 'Nf3'],
    ['1. e4 e6', 'd4'],
  ].entries()) {
    await expect(heading).toHaveText(`Your answer to each of Black's 3 replies: ${i + 1} of 3`);
    await expect(line).toHaveText(reply[0]);
    await answer(reply[1]);
  }

  // The round over, the Positions drill goes on with the next New position.
  await expect(heading).toHaveCount(0);
  await expect(line).toHaveText('1. e4 e5 2. Nf3 Nc6');
  await expect(board).toHaveAttribute('data-fen', /^r1bqkbnr\/pppp1ppp\/2n5\/4p3\/4P3\/5N2\//);
  await answer('Bb5');
  const stats = (await (await page.request.get('/api/drill/stats?color=white')).json()).api_data;
  expect(stats).toMatchObject({ total: 5, new: 0, new_today: 5 });
});
