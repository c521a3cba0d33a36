import { expect, test, type Page } from '@playwright/test';
import { Chess } from 'chessops/chess';
import { makeFen, parseFen } from 'chessops/fen';
import { parseSan } from 'chessops/san';
import { readFixture } from '../test/fixtures';
import { signUp } from './support/account-steps';
import { DESKTOP, LAPTOP, PHONE, PHONE_390, saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';

// Prepare for an opponent against the fake Lichess (thibault's real recorded games) with real study fixtures.

const BLACK_STUDY = [
  readFixture('lichess/study_chapter_8c8bmUfy_current_format_2026.pgn'),
  readFixture('lichess/study_i5a1oOJH_ruy_lopez_2021.pgn'),
  '[Event "Others"]\n\n1. e4 e6 (1... g6 2. d4 Bg7) (1... d5 2. exd5 Qxd5 3. Nc3 Qa5) 2. d4 d5 3. Nc3 Nf6 *\n',
].join('\n\n');

const fakeLichess = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1}`;
const xsrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
const key = (fen: string) => fen.split(' ').slice(0, 4).join(' ');

async function seedStudy(page: Page, color: 'white' | 'black', text: string) {
  const saved = await page.request.post('/api/update-study', {
    data: { color, exclude_move_indicators: '', link: null, study_text: text, title: `${color} study` },
    headers: { 'X-XSRF-TOKEN': await xsrf(page) },
  });
  expect(saved.ok()).toBe(true);
}
const seedBlackStudy = (page: Page) => seedStudy(page, 'black', BLACK_STUDY);

async function prepare(page: Page, username: string, color: 'White' | 'Black') {
  await page.getByLabel("Opponent's username").fill(username);
  await page.getByRole('radio', { name: color }).check();
  await page.getByRole('button', { name: 'Prepare' }).click();
}

/** Every position along the movetext lines (from the start), by key: replayed with chessops here. */
function positionsAlong(lines: string[]): Set<string> {
  const keys = new Set<string>();
  for (const line of lines) {
    const pos = Chess.default();
    keys.add(key(makeFen(pos.toSetup())));
    for (const token of line.split(' ')) {
      if (/^\d+\.+$/.test(token) || token === '') continue;
      pos.play(parseSan(pos, token)!);
      keys.add(key(makeFen(pos.toSetup())));
    }
  }
  return keys;
}

test('prepare against thibault: surprises, open one in the workshop, drill only those lines, reopen', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('prep'));
  await seedBlackStudy(page);

  await page.goto('/game_review');
  await page.getByRole('link', { name: 'Prepare', exact: true }).click();
  await expect(page).toHaveURL(/\/prepare$/);
  await expect(page.getByRole('heading', { name: 'Prepare for an opponent' })).toBeVisible();

  await prepare(page, 'thibault', 'Black');
  const summary = page.getByTestId('prep-summary');
  await expect(summary).toContainText('thibault on Lichess: 26 games with White, 25 from the standard start');
  await expect(page).toHaveURL(/\/prepare\?id=\d+$/);

  // The most frequent surprise comes first, open, with the board at the position before it.
  const surprises = page.getByTestId('prep-surprises').getByRole('listitem');
  await expect(surprises.first().locator('.prep-line')).toHaveText('1. e4 e5 2. f4');
  await expect(surprises.first()).toContainText('10 games');
  await expect(page.locator('.prep-result .board-layout-main .board')).toBeVisible();
  await expect(page.getByTestId('prep-suggestion')).not.toContainText('looking it up');
  await saveScreen(page, 'prepare');

  // Open in workshop: the colour's repertoire at the surprise and, when the explorer has one, the suggested answer.
  const suggestion = (await page.getByTestId('prep-suggestion').textContent()) ?? '';
  const answer = /Suggested answer\s*2\.\.\. (\S+) \(explorer/.exec(suggestion)?.[1];
  const workshop = page.getByTestId('open-in-workshop');
  const href = new URL((await workshop.getAttribute('href'))!, 'http://x');
  expect(href.pathname).toBe('/repertoire');
  expect(href.searchParams.get('color')).toBe('black');
  expect(href.searchParams.get('line')).toBe(answer ? `1. e4 e5 2. f4 ${answer}` : '1. e4 e5 2. f4');
  if (answer) {
    // The suggested answer is a legal reply in that position.
    const pos = Chess.fromSetup(
      parseFen('rnbqkbnr/pppp1ppp/8/4p3/4PP2/8/PPPP2PP/RNBQKBNR b KQkq - 0 2').unwrap(),
    ).unwrap();
    expect(parseSan(pos, answer)).toBeDefined();
  }
  // The workshop opens at that position: the line's last move is the current one.
  await workshop.click();
  await expect(page).toHaveURL(/\/repertoire\?color=black&line=1\.\+e4\+e5\+2\.\+f4/);
  await expect(page.getByRole('heading', { name: 'Repertoire', exact: true })).toBeVisible();
  await expect(page.locator('.ws-move[aria-current="step"]')).toHaveText(answer ?? 'f4');
  await page.goBack();
  await expect(summary).toBeVisible();

  // Choosing one of their lines shows it on the board.
  const lineRows = page.getByTestId('prep-lines').getByRole('listitem');
  await lineRows.first().getByRole('button').click();
  await expect(lineRows.first().getByRole('button')).toHaveAttribute('aria-pressed', 'true');

  // Drill these lines: the drill serves the player's positions along those lines only, due or not.
  const served = page.waitForResponse((r) => r.url().endsWith('/api/drill/lines'));
  await page.getByTestId('drill-these-lines').click();
  await expect(page).toHaveURL(/\/drill\?color=black&line=/);
  const lines = new URL(page.url()).searchParams.getAll('line');
  expect(lines.length).toBeGreaterThan(3);
  const items = (await (await served).json()).api_data as { fen: string; line: string; answers: { san: string }[] }[];
  const along = positionsAlong(lines);
  expect(items.length).toBeGreaterThan(2);
  for (const item of items) {
    expect(along.has(key(item.fen)), item.line).toBe(true);
    expect(item.fen.split(' ')[1]).toBe('b');
  }
  await expect(page.getByTestId('drill-lines-note')).toContainText(`along ${lines.length} lines`);
  // A right answer with a study comment waits for Next; a New item is shown before it is asked.
  const taught = page.getByRole('button', { name: 'Got it, ask me' });
  const next = page.getByRole('button', { name: 'Next', exact: true });
  const asked = page.locator('.drill-prompt', { hasText: 'Your move' });
  const done = page.getByText('Every position of these lines is done');
  for (const item of items) {
    await expect(asked.or(taught).or(next)).toBeVisible();
    if (await next.isVisible()) await next.click();
    await expect(asked.or(taught)).toBeVisible();
    if (await taught.isVisible()) await taught.click();
    await expect(page.locator('.drill-prompt')).toHaveText(/Your move/);
    await expect(page.getByTestId('drill-line')).toHaveText(item.line || 'Start of the chapter');
    await page.getByLabel('Type your move').fill(item.answers[0].san);
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(page.getByTestId('drill-note')).toContainText('Right');
  }
  await expect(done.or(next)).toBeVisible();
  if (await next.isVisible()) await next.click();
  await expect(done).toBeVisible();

  // The preparation is kept: reopened from the list.
  await page.goto('/prepare');
  await page.getByRole('region', { name: 'Kept preparations' }).getByRole('link', { name: 'thibault' }).click();
  await expect(summary).toContainText('26 games with White');
});

test('unknown names and a failing site give clear messages; the screen at 375 px in both themes', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signUp(page, newUser('prepphone'));
  await seedBlackStudy(page);
  await page.goto('/prepare');

  await page.request.post(`${fakeLichess}/__fake/mode`, {
    data: { route: 'lichess-games', mode: 'notfound404', once: true },
  });
  await prepare(page, 'no_such_player', 'Black');
  await expect(page.getByTestId('prep-error')).toHaveText('No games found for no_such_player on Lichess');

  await page.request.post(`${fakeLichess}/__fake/mode`, {
    data: { route: 'lichess-games', mode: 'error500', once: true },
  });
  await prepare(page, 'thibault', 'Black');
  await expect(page.getByTestId('prep-error')).toContainText("Lichess failed to send thibault's games (HTTP 500)");
  await saveScreen(page, 'prepare-error');

  // A slow site: the bar says what the server is doing.
  await page.request.post(`${fakeLichess}/__fake/mode`, {
    data: { route: 'lichess-games', mode: 'slow', delayMs: 1500, once: true },
  });
  await prepare(page, 'thibault', 'Black');
  await expect(page.getByRole('status').filter({ hasText: 'Fetching games from Lichess' })).toBeVisible();
  await expect(page.getByLabel('Preparation progress')).toBeVisible();
  await expect(page.getByTestId('prep-summary')).toContainText('26 games with White');
  await expect(page.getByTestId('prep-suggestion')).not.toContainText('looking it up');
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await expect(page.getByTestId('prep-summary')).toBeVisible();
    await saveScreen(page, 'prepare');
  }
  // Nothing is wider than the phone.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
});

test('a new preparation that fails leaves no sign of the last opponent, whose kept result opens again', async ({
  page,
}) => {
  await page.setViewportSize(LAPTOP);
  await signUp(page, newUser('prepnext'));
  await seedStudy(page, 'white', readFixture('lichess/study_i5a1oOJH_ruy_lopez_2021.pgn'));
  await page.goto('/prepare');
  const summary = page.getByTestId('prep-summary');
  const error = page.getByTestId('prep-error');

  await prepare(page, 'pnmadelaine', 'White');
  await expect(summary).toContainText('pnmadelaine on Lichess');
  await expect(page.locator('.prep-result')).toBeVisible();

  await prepare(page, 'no_such_player_x', 'White');
  await expect(error).toBeVisible();
  await expect(page.locator('.prep-result')).toHaveCount(0);
  await expect(error).toHaveText('No games found for no_such_player_x on Lichess');
  await expect(page.getByLabel("Opponent's username")).toHaveValue('no_such_player_x');
  // The last preparation is still kept, and opening it again leaves the failure behind.
  const kept = page.getByRole('region', { name: 'Kept preparations' });
  await expect(kept.getByRole('link', { name: 'pnmadelaine' })).toBeVisible();
  for (const size of [LAPTOP, PHONE_390]) {
    await page.setViewportSize(size);
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      // A reload shows the kept preparation of the address again; the failure is asked again to picture it.
      await expect(summary).toContainText('pnmadelaine on Lichess');
      await prepare(page, 'no_such_player_x', 'White');
      await expect(error).toBeVisible();
      await expect(page.locator('.prep-result')).toHaveCount(0);
      await saveScreen(page, 'prepare-unknown-player');
    }
  }
  await kept.getByRole('link', { name: 'pnmadelaine' }).click();
  await expect(summary).toContainText('pnmadelaine on Lichess');
  await expect(error).toHaveCount(0);
});
