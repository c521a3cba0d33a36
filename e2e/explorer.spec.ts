import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';

// The workshop's explorer answers at once: the position on the board is looked up on arrival, the
// positions one move ahead in the background, so stepping forward shows figures without a click; the
// Lichess, Masters and Mine tabs switch; the opening's name is over the board.

const WHITE_PGN = '[Event "Open"]\n\n1. e4 e5 2. Nf3 *\n\n[Event "Sicilian"]\n\n1. e4 c5 2. Nf3 d6 3. d4 *';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const WIDE = { width: 1366, height: 768 };
const NARROW = { width: 390, height: 844 };

const xsrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';

async function post(page: Page, path: string, data: unknown): Promise<void> {
  const response = await page.request.post(path, { data, headers: { 'X-XSRF-TOKEN': await xsrf(page) } });
  expect(response.status()).toBe(200);
}

test('stepping forward shows explorer figures without a click, the tabs switch and the opening is named', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize(WIDE);
  await signUp(page, newUser('explorer'));
  await post(page, '/api/update-study', { color: 'white', study_text: WHITE_PGN, title: 'Open and Sicilian' });
  await post(page, '/api/upsert-game-review', {
    pgn: '1. e4 c5 2. Nf3 d6 3. d4 cxd4 *',
    hero_color: 'White',
    result: 1,
    date_time_played: '2026-03-14T10:00:00Z',
  });
  await post(page, '/api/upsert-game-review', {
    pgn: '1. Nf3 d6 2. e4 c5 3. c3 *',
    hero_color: 'White',
    result: 0.5,
    date_time_played: '2026-04-02T10:00:00Z',
  });
  await page.evaluate(() => localStorage.removeItem('chess-prep.workshop-explorer-db'));

  await page.goto('/repertoire?color=white');
  const explorer = page.getByRole('region', { name: /^Explorer/ });
  // Looked up on arrival: no button to press.
  await expect(explorer.getByTestId('explorer-move').first()).toBeVisible({ timeout: 20_000 });
  await expect(explorer.getByRole('button', { name: 'Look up' })).toHaveCount(0);
  // At the start the repertoire plays 1. e4: a better-scoring reply is offered beside it, not as if
  // there were no answer.
  const suggestion = page.getByTestId('suggested-answer');
  await expect(suggestion).toContainText(
    /^Your repertoire plays e4 here\. The explorer's best-scoring reply is \S+ \(/,
  );
  await expect(suggestion.getByRole('button', { name: /^Add \S+ as well$/ })).toBeVisible();
  // The whole board shows without scrolling at 1366x768.
  const board = await page.getByRole('group', { name: /^Repertoire board/ }).boundingBox();
  expect(board!.y + board!.height).toBeLessThanOrEqual(WIDE.height);

  // The server looks 1. e4 up in the background; once it has, stepping there shows its figures.
  const ahead = `/api/repertoire/explorer?color=white&fen=${encodeURIComponent(AFTER_E4)}`;
  await expect
    .poll(async () => (await (await page.request.get(ahead)).json()).api_data !== null, { timeout: 30_000 })
    .toBe(true);
  await page.getByRole('button', { name: 'Next move' }).click();
  await expect(page.getByTestId('opening-name')).toHaveText("B00 King's Pawn Game");
  await expect(explorer.getByTestId('explorer-move').first()).toBeVisible({ timeout: 2_000 });
  await expect(explorer.getByText('Looking the position up on Lichess…')).toHaveCount(0);

  // The Sicilian: named over the board, then the three databases.
  await explorer.getByRole('button', { name: /^(Go to|Add) c5:/ }).click();
  await expect(page.getByTestId('opening-name')).toHaveText('B20 Sicilian Defense');
  await explorer.getByRole('tab', { name: 'Masters' }).click();
  await expect(explorer.getByRole('tab', { name: 'Masters' })).toHaveAttribute('aria-selected', 'true');
  await expect(explorer.getByText('over-the-board games of masters')).toBeVisible({ timeout: 20_000 });
  await expect(
    explorer.getByRole('list', { name: 'Masters moves' }).getByTestId('explorer-move').first(),
  ).toBeVisible();
  await explorer.getByRole('tab', { name: 'Mine' }).click();
  const mine = explorer.getByRole('list', { name: 'Mine moves' });
  await expect(mine.getByTestId('explorer-move')).toHaveCount(1);
  await expect(mine.getByTestId('explorer-move')).toHaveAccessibleName(/^Go to Nf3: 1 games, last played 14 Mar 2026/);

  // One more step, 2. Nf3 d6: both of the player's games meet here, whatever their move order.
  await page.getByRole('button', { name: 'Next move' }).click();
  await mine.getByTestId('explorer-move').first().waitFor();
  await explorer.getByRole('button', { name: /^Go to d6:/ }).click();
  await expect(mine.getByTestId('explorer-move')).toHaveCount(2);
  await expect(page.getByTestId('opening-name')).toContainText('Sicilian Defense');

  for (const size of [WIDE, NARROW]) {
    await page.setViewportSize(size);
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await expect(mine.getByTestId('explorer-move').first()).toBeVisible();
      await saveScreen(page, 'explorer-mine');
    }
  }
  await explorer.getByRole('tab', { name: 'Lichess' }).click();
  await expect(explorer.getByRole('list', { name: 'Lichess moves' }).getByTestId('explorer-move').first()).toBeVisible({
    timeout: 20_000,
  });
  await saveScreen(page, 'explorer-lichess');
  await page.setViewportSize(WIDE);
  await saveScreen(page, 'explorer-lichess');
});
