import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { DESKTOP, PHONE, saveScreen } from './support/screens';
import { newUser } from './support/users';
import { pgnFile } from './support/opening-steps';

// The opening screens against the fake Lichess and explorer (real study fixtures, recorded explorer answers).

const appPort = Number(process.env.E2E_PORT ?? 3100);
const explorerControl = `http://127.0.0.1:${appPort + 2}/__fake`;
const lichessControl = `http://127.0.0.1:${appPort + 1}/__fake`;

// A black repertoire as an uploaded file: two answers to 2. Nf3 make one inconsistency.
const BLACK_PGN = [
  '[Event "Najdorf"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *',
  '[Event "Classical"]\n\n1. e4 c5 2. Nf3 Nc6 3. d4 cxd4 *',
  '[Event "Alapin"]\n\n1. e4 c5 2. c3 Nf6 *',
].join('\n\n\n');

/** Switches the theme with the toggle in the navigation, so results on the page stay for the screenshot. */
async function switchTheme(page: Page, theme: 'dark' | 'light') {
  const current = await page.evaluate(() => document.documentElement.dataset.theme ?? 'dark');
  if (current === theme) return;
  // The header renders once the session is known; only then does the Menu button show or not.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  if (await menu.isVisible()) await menu.click();
}

async function setExplorer(page: Page, mode: 'ok' | 'slow', delayMs?: number) {
  const answer = await page.request.post(`${explorerControl}/mode`, { data: { route: 'explorer', mode, delayMs } });
  expect(answer.ok()).toBe(true);
}

test('Manage Openings: a white study, a black PGN file, consistency and coverage with progress', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('openings'));
  await page.goto('/manage_openings');
  await expect(page.getByRole('heading', { name: 'Manage Openings' })).toBeVisible();
  const studies = page.getByRole('region', { name: 'Opening Studies' });
  await expect(studies.getByLabel('Studies')).toContainText('No studies retrieved...');

  // White from a Lichess study, leaving out ?? moves.
  await studies.getByLabel('Lichess username').fill('Chess700800');
  await studies.getByRole('button', { name: 'Get Studies' }).click();
  await expect(studies.getByLabel('Studies').locator('option')).toHaveCount(7);
  await studies.getByLabel('Studies').selectOption({ label: 'The Ruy Lopez' });
  await studies.getByLabel('?? blunder').check();
  await studies.getByRole('button', { name: 'Set/Refresh White Opening' }).click();
  await expect(studies.getByRole('status', { name: 'Opening status' })).toHaveText(
    'Done: White opening set to The Ruy Lopez',
  );
  const current = studies.getByRole('definition').first();
  await expect(current).toContainText('The Ruy Lopez');
  await expect(current).toContainText('excluding ??');

  // Refresh: with nothing newly chosen, the white study is fetched again and keeps its exclusions.
  const studyRequests = async () =>
    ((await (await page.request.get(`${lichessControl}/requests`)).json()) as Record<string, number>)[
      'lichess-study-pgn'
    ];
  const before = await studyRequests();
  await page.reload();
  await studies.getByRole('button', { name: 'Set/Refresh White Opening' }).click();
  await expect(studies.getByRole('status', { name: 'Opening status' })).toHaveText(
    'Done: White opening set to The Ruy Lopez',
  );
  expect(await studyRequests()).toBe(before + 1);
  await expect(current).toContainText('excluding ??');

  // Black from an uploaded file: choosing the file clears the chosen study.
  await studies.getByLabel('Or upload a PGN opening file').setInputFiles(pgnFile('my-sicilian.pgn', BLACK_PGN));
  await expect(studies.getByLabel('Studies')).toHaveValue('');
  await expect(studies.getByText('Selected file: my-sicilian.pgn')).toBeVisible();
  await studies.getByRole('button', { name: 'Set/Refresh Black Opening' }).click();
  await expect(studies.getByRole('status', { name: 'Opening status' })).toHaveText(
    'Done: Black opening set to my-sicilian.pgn',
  );
  await expect(studies.getByRole('definition').nth(1)).toContainText('my-sicilian.pgn');

  // Consistency: black has two answers to 2. Nf3.
  const consistency = page.getByRole('region', { name: 'Consistency Check' });
  await consistency.getByLabel('Black').check();
  await consistency.getByRole('button', { name: 'Consistency Check' }).click();
  await expect(consistency.getByRole('status', { name: 'Consistency status' })).toHaveText('Done');
  const found = consistency.locator('.op-position');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('Move 2, Black to move after 1. e4 c5 2. Nf3');
  await expect(found).toContainText('d6 in Najdorf');
  await expect(found).toContainText('Nc6 in Classical');

  // Coverage for black with the default filters; a slow explorer makes the progress visible.
  const coverage = page.getByRole('region', { name: 'Coverage Check' });
  await expect(coverage.getByLabel('blitz', { exact: true })).toBeChecked();
  await expect(coverage.getByLabel('bullet', { exact: true })).not.toBeChecked();
  await expect(coverage.getByLabel('2500', { exact: true })).toBeChecked();
  await expect(coverage.getByLabel('1600', { exact: true })).not.toBeChecked();
  await coverage.getByLabel('Black').check();
  await setExplorer(page, 'slow', 400);
  try {
    await coverage.getByRole('button', { name: 'Coverage Check' }).click();
    const confirm = page.getByRole('dialog', { name: 'Run the coverage check?' });
    await expect(confirm).toContainText('Estimated time: 1 minute');
    await confirm.getByRole('button', { name: 'Proceed' }).click();
    const status = coverage.getByRole('status', { name: 'Coverage status' });
    await expect(status).toContainText(/Getting data from Lichess for: [1-9]\d* of \d+ positions/);
    await expect(status).toHaveText('Done', { timeout: 30_000 });
  } finally {
    await setExplorer(page, 'ok');
  }
  await expect(coverage.locator('.op-bar').first()).toBeVisible();
  await expect(coverage.locator('.op-bar.is-covered').first()).toBeVisible();
  await expect(coverage.getByText('Text report')).toBeVisible();

  // A second run is answered from the cache: nothing left to fetch.
  await coverage.getByRole('button', { name: 'Coverage Check' }).click();
  const again = page.getByRole('dialog', { name: 'Run the coverage check?' });
  await expect(again).toContainText('0 of them are not in the statistics cache yet');
  await again.getByRole('button', { name: 'Cancel' }).click();

  for (const theme of ['dark', 'light'] as const) {
    await switchTheme(page, theme);
    await saveScreen(page, 'manage-openings');
  }
  await page.setViewportSize(PHONE);
  for (const theme of ['dark', 'light'] as const) {
    await switchTheme(page, theme);
    await saveScreen(page, 'manage-openings');
  }
});

test('the standalone tool: each missing-input message, then its three actions', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('tool'));
  await page.goto('/opening_tool');
  const results = page.getByLabel('Results area');
  const status = page.getByRole('status', { name: 'Status' });
  await expect(page.getByLabel('Studies')).toContainText('No studies retrieved...');
  await expect(page.getByLabel('Retrieved games')).toContainText('No games retrieved');
  await expect(page.getByLabel('White')).toBeChecked();

  await page.getByRole('button', { name: 'Consistency Check' }).click();
  await expect(results).toHaveText('Please choose an opening file above');
  await page.getByRole('button', { name: 'Run Comparison' }).click();
  await expect(results).toHaveText('Please select an opening file\nPlease select a game file');
  await page.getByRole('button', { name: 'Coverage Check' }).click();
  await expect(results).toHaveText('No opening entered, please enter an opening above');
  await expect(status).toHaveText('No opening entered, please enter an opening above');

  // An opening file, as Black; still no game.
  await page.getByLabel('Or upload a PGN opening file').setInputFiles(pgnFile('sicilian.pgn', BLACK_PGN));
  await page.getByLabel('Black').check();
  await page.getByRole('button', { name: 'Run Comparison' }).click();
  await expect(results).toHaveText('Please select a game file');

  await page.getByRole('button', { name: 'Consistency Check' }).click();
  await expect(status).toHaveText('Done');
  await expect(results).toContainText('Consistency Results for: sicilian.pgn');
  await expect(results).toContainText('Move 2, Black to move after 1. e4 c5 2. Nf3');

  // A pasted game.
  await page.getByLabel("Or paste a game's PGN").fill('[White "alice"]\n[Black "bob"]\n\n1. e4 c5 2. Nf3 e6 3. d4 *');
  // The tags do not name the player: the game is theirs with the colour chosen for the opening (Black).
  await page.getByRole('button', { name: 'Run Comparison' }).click();
  await expect(results).toContainText('Opening: sicilian.pgn');
  await expect(results).toContainText('You left the repertoire at move 2 on your move: you played 2... e6');

  // A retrieved game instead: choosing a game file clears the pasted text; a retrieved game is its own source.
  await page.getByLabel("Or paste a game's PGN").fill('');
  await page.getByLabel('Username', { exact: true }).fill('thibault');
  await page.getByRole('button', { name: 'Lichess', exact: true }).click();
  await expect(status).toHaveText('Done');
  const games = page.getByLabel('Retrieved games');
  await expect(games.locator('option').first()).toHaveText('None selected');
  await expect(games.locator('option').nth(1)).toContainText(/thibault vs\. .+ \d/);
  await games.selectOption({ index: 1 });
  await page.getByLabel('White').check();
  await page.getByRole('button', { name: 'Run Comparison' }).click();
  await expect(results).toContainText(/^Opening: sicilian\.pgn\nGame: thibault vs\./);

  // The study list: choosing a study clears the opening file.
  await page.getByLabel('Lichess username').fill('Chess700800');
  await page.getByRole('button', { name: 'Get Studies' }).click();
  await page.getByLabel('Studies').selectOption({ label: 'short study' });
  await expect(page.getByLabel('Or upload a PGN opening file')).toHaveValue('');
  await page.getByRole('button', { name: 'Coverage Check' }).click();
  const confirm = page.getByRole('dialog', { name: 'Run the coverage check?' });
  await confirm.getByRole('button', { name: 'Proceed' }).click();
  await expect(status).toHaveText('Done', { timeout: 30_000 });
  await expect(results).toContainText('Coverage Results for: short study');
  await expect(page.locator('.op-bar').first()).toBeVisible();

  for (const theme of ['dark', 'light'] as const) {
    await switchTheme(page, theme);
    await saveScreen(page, 'opening-tool');
  }
  await page.setViewportSize(PHONE);
  for (const theme of ['dark', 'light'] as const) {
    await switchTheme(page, theme);
    await saveScreen(page, 'opening-tool');
  }
});

test('game review: change the opening, compare a saved game, make a card where it left the repertoire', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('compare'));
  await page.goto('/game_review');

  // Save thibault's newest game (he has White): 1. e4 e5 2. f4 Nc6 ...
  await page.getByRole('button', { name: 'Get Lichess Game' }).click();
  const picker = page.getByRole('dialog', { name: 'Lichess games' });
  const field = picker.getByLabel('Lichess username');
  await field.fill('thibault');
  await field.blur();
  await picker.getByRole('list', { name: 'Recent Lichess games' }).getByRole('button').first().click();
  await expect(picker).toBeHidden();

  const panel = page.getByRole('region', { name: 'Opening' });
  await panel.getByRole('button', { name: 'Compare Game to Opening' }).click();
  await expect(panel.getByLabel('Opening comparison results')).toHaveText('No study selected');

  // Set a King's Gambit repertoire from a file in the Change/Refresh popup.
  await panel.getByRole('button', { name: 'Change/Refresh Opening' }).click();
  const change = page.getByRole('dialog', { name: 'Change/Refresh Opening' });
  await change
    .getByLabel('Or upload a PGN opening file')
    .setInputFiles(pgnFile('kings-gambit.pgn', '1. e4 e5 2. f4 exf4 3. Nf3 g5 *\n\n\n1. e4 e5 2. f4 d5 3. exd5 *'));
  await change.getByRole('button', { name: 'Set/Refresh White Opening' }).click();
  await expect(change.getByRole('status', { name: 'Opening status' })).toHaveText(
    'Done: White opening set to kings-gambit.pgn',
  );
  await page.keyboard.press('Escape');
  await expect(change).toBeHidden();
  await expect(panel.getByLabel('Current openings')).toContainText('kings-gambit.pgn');

  await panel.getByRole('button', { name: 'Compare Game to Opening' }).click();
  const results = panel.getByLabel('Opening comparison results');
  await expect(results).toContainText('Opening: kings-gambit.pgn\nGame: thibault vs. juan_queve');
  await expect(results).toContainText(
    'Your opponent left the repertoire at move 2: they played 2... Nc6; the repertoire expects 2... exf4, 2... d5.',
  );
  await expect(panel.locator('.board').first()).toHaveAttribute(
    'data-fen',
    'rnbqkbnr/pppp1ppp/8/4p3/4PP2/8/PPPP2PP/RNBQKBNR b KQkq - 0 2',
  );
  for (const theme of ['dark', 'light'] as const) {
    await switchTheme(page, theme);
    await saveScreen(page, 'game-review-opening');
  }

  await panel.getByRole('button', { name: 'Make Card from Comparison' }).click();
  const editor = page.getByRole('dialog', { name: 'Make Card' });
  await expect(editor).toBeVisible();
  // The opponent left the repertoire: the card asks the player's question after the opponent's move.
  await expect(editor.getByLabel('Prompt', { exact: true })).toHaveValue(
    /^Your opponent played 2\.\.\. Nc6, which your repertoire does not cover: what do you play\? \(kings-gambit\.pgn, after 1\. e4 e5 2\. f4 Nc6/,
  );
  await expect(editor.getByLabel('Answer', { exact: true })).toHaveValue('');
  await expect(editor.locator('.board').first()).toHaveAttribute(
    'data-fen',
    'r1bqkbnr/pppp1ppp/2n5/4p3/4PP2/8/PPPP2PP/RNBQKBNR w KQkq - 1 3',
  );
  await editor.getByLabel('Answer', { exact: true }).fill('3. Nf3');
  await editor.getByRole('button', { name: 'Make Card' }).click();
  await expect(editor).toBeHidden();

  await page.goto('/manage_cards');
  await expect(page.getByText(/Your opponent played 2\.\.\. Nc6, which your repertoire does not cover/)).toBeVisible();
});
