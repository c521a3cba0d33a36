import { expect, test, type Page } from '@playwright/test';
import { fakeRepertoirePgn } from './fakes/fake-repertoire';
import { signUp } from './support/account-steps';
import { DESKTOP, PHONE, saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';

// The real engine (Stockfish's WebAssembly build in a Web Worker) analyses a saved game: the known
// blunder becomes a stored Mistake with a better move, a card is made from it in one click, the page
// answers while the engine runs, and a reload shows the stored analysis.

const SCHOLAR = `[Event "Casual game"]
[White "villain"]
[Black "e2e-hero"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
`;

async function headers(page: Page) {
  const cookies = await page.context().cookies();
  return { 'x-xsrf-token': decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')!.value) };
}

async function saveGame(page: Page, pgn: string, link: string) {
  const saved = await page.request.post('/api/upsert-game-review', {
    data: { pgn, hero_color: 'Black', username: 'e2e-hero', opponent_name: 'villain', link },
    headers: await headers(page),
  });
  expect(saved.ok()).toBe(true);
  return (await saved.json()).api_data.id as number;
}

test('Analyse game finds the blunder Nf6, stores it, makes its card in one click, and stays responsive', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('engine'));
  const id = await saveGame(page, SCHOLAR, 'https://example.com/scholar-e2e');
  await page.goto(`/game_review?review=${id}`);
  const engine = page.getByRole('region', { name: 'Engine' });
  await expect(engine.getByText('Not analysed yet.', { exact: true })).toBeVisible();
  await page.locator('.gr-analysis .button-primary').click();
  await expect(page.locator('.gr-analysis progress')).toBeVisible();
  // While the engine works the page answers: stepping through the moves works at once.
  await page.locator('.gr-controls .gr-step').nth(2).click();
  await expect(page.locator('.gr-step-label')).toHaveText('1. e4');
  await page.waitForSelector('.gr-engine-mistake', { timeout: 60_000 });

  const found = page.getByRole('list', { name: 'Mistakes' });
  await expect(found.locator('li')).toHaveCount(1);
  const row = found.locator('li').first();
  await expect(row).toContainText('Blunder');
  await expect(row).toContainText('3... Nf6');
  await expect(row).toContainText(/better (g6|Qe7|Qf6)/);

  // Stored as a blunder Mistake at ply 6.
  const reviews = (await (await page.request.get('/api/get-game-reviews')).json()).api_data as {
    id: number;
    mistakes: { ply: number; kind: string; better_move: string }[];
  }[];
  const mistakes = reviews.find((r) => r.id === id)!.mistakes;
  expect(mistakes).toEqual([expect.objectContaining({ ply: 6, kind: 'blunder' })]);
  expect(['g6', 'Qe7', 'Qf6']).toContain(mistakes[0].better_move);
  const stored = (await (await page.request.get(`/api/game-analysis?game_review_id=${id}`)).json()).api_data;
  expect(stored.evals).toHaveLength(8);
  expect(stored.evals[7]).toEqual({ ply: 7, mate: 0, best_uci: null });

  // The blunder's position: the best move is drawn as an arrow and the engine's line is written out.
  await row.getByRole('button', { name: /Blunder/ }).click();
  await expect(page.getByRole('toolbar', { name: 'Board controls' }).locator('.gr-step-label')).toHaveText('3... Nf6');
  await page.getByRole('button', { name: 'Step back' }).click();
  await expect(page.locator('#main .board').first().locator('svg line, svg path').first()).toBeAttached();
  await expect(engine.getByTestId('engine-line')).toContainText(/3\.\.\. (g6|Qe7|Qf6)/, { timeout: 20_000 });

  // One click makes the card: prompt before the move, answer after the better move; then the row opens it.
  await row.getByRole('button', { name: 'Make card' }).click();
  await expect(row.getByRole('link', { name: 'Open card' })).toBeVisible();
  const cards = (await (await page.request.get('/api/get-cards')).json()).api_data as {
    prompt: string;
    prompt_fen: string;
    answer_fen: string;
  }[];
  expect(cards).toHaveLength(1);
  expect(cards[0].prompt).toMatch(/3\.\.\. Nf6 \(blunder\)\nBlack to move after 3\. Bc4: find a better move\.$/);
  expect(cards[0].prompt_fen).toBe('r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 3 3');
  expect(cards[0].answer_fen).not.toBe(cards[0].prompt_fen);

  // A reload shows the stored analysis without running the engine again.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Mistakes' }).locator('li')).toHaveCount(1);
  await expect(engine.getByRole('button', { name: 'Analyse again' })).toBeVisible();
  await expect(page.getByRole('meter', { name: "Evaluation (White's side)" })).toBeVisible();
  await expect(page.getByRole('figure', { name: /Evaluation graph/ })).toBeVisible();
  await saveScreen(page, 'engine-analysis');
  await setTheme(page, 'light');
  await saveScreen(page, 'engine-analysis');
  await page.setViewportSize(PHONE);
  await saveScreen(page, 'engine-analysis');
  await setTheme(page, 'dark');
  await saveScreen(page, 'engine-analysis');
});

test('Analyse all works through the games not analysed yet, and a clicked graph point steps the board', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('engineall'));
  await saveGame(page, SCHOLAR, 'https://example.com/all-1');
  await saveGame(page, '1. d4 d5 2. c4 e6 3. Nc3 Nf6 *', 'https://example.com/all-2');
  await page.goto('/game_review');
  await expect(page.getByTestId('analyse-all-summary')).toHaveText('2 of 2 games not analysed yet.');
  await page.getByRole('button', { name: 'Analyse all' }).click();
  await expect(page.getByRole('progressbar', { name: 'Analyse all progress' })).toBeVisible();
  await expect(page.getByTestId('analyse-all-summary')).toHaveText('All 2 of your games are analysed.', {
    timeout: 90_000,
  });
  const pending = (await (await page.request.get('/api/game-analysis/pending')).json()).api_data;
  expect(pending).toEqual({ ids: [], analysed: 2 });

  // The open review shows its graph once its analysis is stored; clicking it moves the board.
  await page.reload();
  const graph = page.getByRole('figure', { name: /Evaluation graph/ });
  await expect(graph).toBeVisible();
  const box = (await graph.locator('svg').first().boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2);
  await page.mouse.click(box.x + box.width * 0.6, box.y + box.height / 2);
  await expect(page.getByRole('toolbar', { name: 'Board controls' }).locator('.gr-step-label')).not.toHaveText('Start');
});

test('a Study next hole shows a suggested answer with its evaluation', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('suggest'));
  await page.goto('/manage_openings');
  const studies = page.getByRole('region', { name: 'Opening Studies' });
  await studies.getByLabel('Or upload a PGN opening file').setInputFiles({
    name: 'fake-white.pgn',
    mimeType: 'application/x-chess-pgn',
    buffer: Buffer.from(fakeRepertoirePgn({ depth: 4, breadth: 2 })),
  });
  await studies.getByRole('button', { name: 'Set/Refresh White Opening' }).click();
  await expect(studies.getByRole('status', { name: 'Opening status' })).toHaveText(
    'Done: White opening set to fake-white.pgn',
  );
  const coverage = page.getByRole('region', { name: 'Coverage Check' });
  await coverage.getByRole('button', { name: 'Coverage Check' }).click();
  await page.getByRole('dialog', { name: 'Run the coverage check?' }).getByRole('button', { name: 'Proceed' }).click();
  await expect(coverage.getByTestId('coverage-live')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });

  const first = coverage.getByTestId('study-next-hole').first();
  const suggestion = first.getByTestId('suggested-answer');
  await expect(suggestion.getByTestId('suggested-eval')).toHaveText(/^([+−]\d+\.\d\d|0\.00|#−?\d+)$/, {
    timeout: 60_000,
  });
  await expect(suggestion).toContainText(/Suggested answer: \S+/);
  await expect(suggestion).toContainText(/you score \d+% in [\d,]+ games/);
  await expect(suggestion.getByRole('button', { name: 'Add to repertoire' })).toBeVisible();
  await saveScreen(page, 'engine-suggested-answer');
  await coverage.locator('.op-study-next').screenshot({ path: 'test-results/screens/engine-study-next-dark-1280.png' });
  await page.setViewportSize(PHONE);
  await setTheme(page, 'light');
  await coverage.getByTestId('study-next-hole').first().getByTestId('suggested-eval').waitFor({ timeout: 60_000 });
  await coverage.locator('.op-study-next').screenshot({ path: 'test-results/screens/engine-study-next-light-375.png' });
});

test('the repertoire check lists the own move that hangs a piece, linking to the workshop there', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('repcheck'));
  await page.goto('/manage_openings');
  const studies = page.getByRole('region', { name: 'Opening Studies' });
  await studies.getByLabel('Or upload a PGN opening file').setInputFiles({
    name: 'hanging.pgn',
    mimeType: 'application/x-chess-pgn',
    buffer: Buffer.from('1. e4 e5 2. Ba6 (2. Nf3 Nc6 3. Bb5) *\n'),
  });
  await studies.getByRole('button', { name: 'Set/Refresh White Opening' }).click();
  await expect(studies.getByRole('status', { name: 'Opening status' })).toHaveText(
    'Done: White opening set to hanging.pgn',
  );
  const check = page.getByRole('region', { name: 'Repertoire check' });
  await check.getByRole('button', { name: 'Check my repertoire' }).click();
  await expect(check.getByTestId('rc-summary')).toHaveText('1 of 4 moves checked lose a pawn or more:', {
    timeout: 60_000,
  });
  const link = check.getByRole('list', { name: 'Dubious repertoire moves' }).getByRole('link');
  await expect(link).toHaveText('1. e4 e5 2. Ba6');
  await expect(link).toHaveAttribute('href', '/repertoire?color=white&line=1.+e4+e5');
  await check.screenshot({ path: 'test-results/screens/engine-repertoire-check-dark-1280.png' });
});

test('Stop ends a running analysis and keeps what it found', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('enginestop'));
  const moves =
    '1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O 6. Nf3 h6 7. Bh4 b6 8. cxd5 Nxd5 9. Bxe7 Qxe7 10. Nxd5 exd5';
  const id = await saveGame(page, `${moves} *`, 'https://example.com/stop-1');
  await page.addInitScript(() => localStorage.setItem('engine-depth', '20'));
  await page.goto(`/game_review?review=${id}`);
  const engine = page.getByRole('region', { name: 'Engine' });
  await engine.getByRole('button', { name: 'Analyse game' }).click();
  const progress = engine.getByRole('progressbar', { name: 'Analysis progress' });
  await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 60_000 }).toBeGreaterThan(1);
  await engine.getByRole('button', { name: 'Stop' }).click();
  await expect(engine.getByText(/^Analysed \d+ of 21 positions at depth 20\.$/)).toBeVisible({ timeout: 30_000 });
  const stored = (await (await page.request.get(`/api/game-analysis?game_review_id=${id}`)).json()).api_data;
  expect(stored.evals.length).toBeGreaterThan(1);
  expect(stored.evals.length).toBeLessThan(21);
  expect(stored.evals.map((e: { ply: number }) => e.ply)).toEqual([...Array(stored.evals.length).keys()]);
});
