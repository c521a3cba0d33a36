import { expect, test, type Locator, type Page } from '@playwright/test';
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { makeSquare } from 'chessops/util';
import { signUp } from './support/account-steps';
import { drag } from './support/board';
import { saveScreen } from './support/screens';
import { newUser } from './support/users';

// Play on from the end of a drilled line: the opponent answers from the explorer (the fake serves
// hundreds of games at every position), then, once the explorer has nothing to play from (the fake
// explorer switched to failing), Stockfish at about the player's strength; the game is saved as a
// game review and opened there.

const LAPTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const LINE = '[Event "Open Game"]\n\n1. e4 e5 2. Nf3 *';
const fakeControl = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 2}/__fake/mode`;

async function setWhiteStudy(page: Page, name: string, text: string): Promise<void> {
  await page.goto('/manage_openings');
  const studies = page.getByRole('region', { name: 'Opening Studies' });
  const file = { name, mimeType: 'application/x-chess-pgn', buffer: Buffer.from(text) };
  await studies.getByLabel('Or upload a PGN opening file').setInputFiles(file);
  await studies.getByRole('button', { name: 'Set/Refresh White Opening' }).click();
  await expect(studies.getByRole('status', { name: 'Opening status' })).toHaveText(
    `Done: White opening set to ${name}`,
  );
}

/** A legal move that is neither a king move nor a promotion, so a drag plays it as it is. */
function plainMove(fen: string): { from: string; to: string } {
  const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
  for (const [from, dests] of pos.allDests()) {
    const piece = pos.board.get(from)!;
    if (piece.role === 'king') continue;
    for (const to of dests) {
      const lastRank = to >> 3 === 7 || to >> 3 === 0;
      if (piece.role === 'pawn' && lastRank) continue;
      return { from: makeSquare(from), to: makeSquare(to) };
    }
  }
  throw new Error(`no plain move in ${fen}`);
}

/** Plays a plain move and waits for the opponent's answer: White (the player) to move again. */
async function playAndWait(page: Page, board: Locator): Promise<void> {
  const fen = (await board.getAttribute('data-fen'))!;
  const { from, to } = plainMove(fen);
  await drag(page, board, from, to);
  await expect(board).not.toHaveAttribute('data-fen', fen);
  await expect(board).toHaveAttribute('data-fen', / w /, { timeout: 60_000 });
}

/** The header's theme button (behind Menu on a phone): a reload would end the game. */
async function switchTheme(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  const folded = await menu.isVisible();
  if (folded) await menu.click();
  await page.getByRole('button', { name: /^Switch to (light|dark) theme$/ }).click();
  if (folded) await menu.click();
}

/** The whole board shows in the window without scrolling. */
async function expectBoardInWindow(page: Page, board: Locator): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await board.boundingBox())!;
  const size = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width);
  expect(box.y + box.height).toBeLessThanOrEqual(size.height);
  // No sideways scrolling on the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
}

test('play on from the end of a drilled line: explorer replies, then Stockfish, saved as a game review', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(LAPTOP);
  await signUp(page, newUser('playon'));
  await setWhiteStudy(page, 'play-on.pgn', LINE);

  // The drill's line mode to the end of the line: 1. e4, 1... e5, 2. Nf3.
  await page.goto('/drill?color=white');
  const drillBoard = page.getByRole('group', { name: 'Drill board, white' });
  const note = page.getByTestId('drill-note');
  await page.getByRole('button', { name: 'Got it, ask me' }).click();
  await drag(page, drillBoard, 'e2', 'e4');
  await expect(note).toHaveText('✓ Right: e4');
  await page.getByRole('button', { name: 'Got it, ask me' }).click();
  await drag(page, drillBoard, 'g1', 'f3');
  await expect(note).toHaveText('✓ Right: Nf3');
  const offer = page.getByTestId('drill-play-on');
  await expect(offer).toContainText('End of the line: 1. e4 e5 2. Nf3');
  await saveScreen(page, 'drill-play-on-offer');
  await offer.getByRole('button', { name: 'Play on' }).click();

  // Black to move at the end of the line: the explorer answers first.
  const playOn = page.getByTestId('play-on');
  const board = playOn.getByRole('group', { name: /^Play on board/ });
  const opponent = playOn.getByTestId('play-on-opponent');
  const moves = playOn.getByTestId('play-on-moves');
  await expect(moves.locator('.play-on-line')).toHaveText('1. e4 e5 2. Nf3');
  await expect(playOn.getByTestId('play-on-turn')).toHaveText('White to move: your move', { timeout: 30_000 });
  await expect(opponent).toHaveText(/^The opponent plays from the explorer \(\d[\d,]* games\)\.$/);
  await expect(moves.locator('.play-on-played')).toHaveText(/^2\.\.\. \S+$/);

  // The player's move, and the explorer's reply again.
  await playAndWait(page, board);
  await expect(opponent).toHaveText(/^The opponent plays from the explorer \(\d[\d,]* games\)\.$/);
  await expect(moves.locator('.play-on-played')).toHaveText(/^2\.\.\. \S+ 3\. \S+ \S+$/);

  // The explorer has nothing more to give: Stockfish takes over at about 1500 (no bands chosen yet).
  await request.post(fakeControl, { data: { route: 'explorer', mode: 'notfound404' } });
  try {
    await playAndWait(page, board);
    await expect(opponent).toHaveText(/^Stockfish at about 1500 plays: /);
    await expect(moves.locator('.play-on-played')).toHaveText(/^2\.\.\. \S+ 3\. \S+ \S+ 4\. \S+ \S+$/);
    // The engine plays the rest of the game.
    await playAndWait(page, board);
    await expect(opponent).toHaveText(/^Stockfish at about 1500 plays: /);
  } finally {
    await request.post(fakeControl, { data: { route: 'explorer', mode: 'ok' } });
  }
  const played = (await moves.locator('.play-on-played').textContent())!;
  expect(played).toMatch(/^2\.\.\. \S+ 3\. \S+ \S+ 4\. \S+ \S+ 5\. \S+ \S+$/);

  // Both themes at both sizes.
  for (const size of [LAPTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectBoardInWindow(page, board);
    await saveScreen(page, 'play-on', { window: true });
    await switchTheme(page);
    await expectBoardInWindow(page, board);
    await saveScreen(page, 'play-on', { window: true });
  }
  await saveScreen(page, 'play-on-page');

  // Saved as a game review: the line and every move played on.
  await playOn.getByRole('button', { name: 'Save as a game review' }).click();
  const saved = playOn.getByTestId('play-on-saved');
  await expect(saved).toContainText('Saved as a game review.');
  await saveScreen(page, 'play-on-saved', { window: true });
  await page.setViewportSize(LAPTOP);
  await saved.getByRole('link', { name: 'Open the review' }).click();
  await expect(page).toHaveURL(/\/game_review\?review=\d+$/);
  const reviewMoves = page.getByRole('list', { name: 'Moves' }).locator('button.gr-move');
  await expect(reviewMoves).toHaveCount(10);
  await expect(reviewMoves.first()).toHaveText(/e4/);
  await expect(page.getByRole('heading', { level: 2, name: /Explorer, then Stockfish \(about 1500\)/ })).toBeVisible();
});

test('play on from the workshop: from the board position, Stop goes back to the workshop', async ({ page }) => {
  await page.setViewportSize(LAPTOP);
  await signUp(page, newUser('playonws'));
  await setWhiteStudy(page, 'play-on-ws.pgn', LINE);
  await page.goto(`/repertoire?color=white&line=${encodeURIComponent('1. e4 e5')}`);
  await expect(page.getByRole('heading', { name: /^Your answers/ })).toBeVisible();
  await saveScreen(page, 'workshop-play-on', { window: true });
  await page.getByRole('button', { name: 'Play on', exact: true }).click();

  // White (the player) to move after 1. e4 e5: the board waits for the player.
  const playOn = page.getByTestId('play-on');
  await expect(playOn.getByTestId('play-on-turn')).toHaveText('White to move: your move', { timeout: 30_000 });
  await expect(playOn.getByTestId('play-on-moves').locator('.play-on-line')).toHaveText('1. e4 e5');
  const board = playOn.getByRole('group', { name: /^Play on board/ });
  await playAndWait(page, board);
  await expect(playOn.getByTestId('play-on-opponent')).toHaveText(/^The opponent plays from the explorer/);

  // Resign: the game is over, said plainly; Back returns to the workshop at the same line.
  await playOn.getByRole('button', { name: 'Resign' }).click();
  await expect(playOn.getByTestId('play-on-end')).toHaveText('You resigned.');
  await page.setViewportSize(PHONE);
  await switchTheme(page);
  await saveScreen(page, 'play-on-over');
  await page.setViewportSize(LAPTOP);
  await playOn.getByRole('button', { name: 'Back to the repertoire' }).click();
  await expect(page.getByTestId('play-on')).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Repertoire board, white to move' })).toBeVisible();
});
