import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { fakeRepertoirePgn } from './fakes/fake-repertoire';
import { DESKTOP, PHONE, saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';
import { drag } from './support/board';
import { setStudy } from './support/opening-steps';
import { exactly } from './support/text';

// The repertoire workshop in the browser: a Study next hole answered in one click (the drill offers
// it as a New item, the next coverage run finds it covered), a line removed and brought back with
// Undo, one answer of a consistency conflict kept, and the additions saved to a Lichess study.

// Shaped by the fake explorer's answers: at each position with Black to move the repertoire answers
// the most played move only, so the others are holes.
const WHITE_PGN = fakeRepertoirePgn({ depth: 2, breadth: 1 });
// White prepares for two replies to 1. e4.
const TWO_REPLIES_PGN = '[Event "Open"]\n\n1. e4 e5 2. Nf3 *\n\n[Event "Sicilian"]\n\n1. e4 c5 2. Nf3 d6 3. d4 *';
// Two answers to 1. e4 in two chapters: the consistency check finds them.
const BLACK_PGN = '[Event "Sicilian"]\n\n1. e4 c5 2. Nf3 d6 *\n\n[Event "Open"]\n\n1. e4 e5 2. Nf3 Nc6 *';

const appPort = Number(process.env.E2E_PORT ?? 3100);

async function runCoverage(page: Page): Promise<Locator> {
  const coverage = page.getByRole('region', { name: 'Coverage Check' });
  await coverage.getByLabel('White', { exact: true }).check();
  await coverage.getByRole('button', { name: 'Coverage Check' }).click();
  await page.getByRole('dialog', { name: 'Run the coverage check?' }).getByRole('button', { name: 'Proceed' }).click();
  await expect(coverage.getByRole('status', { name: 'Coverage status' })).toHaveText('Done', { timeout: 30_000 });
  await expect(coverage.getByTestId('coverage-live')).toHaveAttribute('data-status', 'done');
  return coverage;
}

const api = async (page: Page, path: string) => (await (await page.request.get(path)).json()).api_data;

type DrillItem = { fen: string; line: string; state: number; answers: { san: string }[] };

test('a Study next hole answered in the workshop is drilled at once and covered in the next coverage run', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('workshop'));
  await setStudy(page, 'White', 'fake-white.pgn', WHITE_PGN);

  // The first coverage run lists the holes; the likeliest one opens the workshop.
  let coverage = await runCoverage(page);
  const hole = coverage.getByTestId('study-next-hole').first();
  const holeLine = (await hole.locator('.op-hole-line').textContent())!.trim();
  const holeSan = (await hole.locator('.op-hole-facts strong').textContent())!.trim();
  const before = await api(page, '/api/drill/stats?color=white');
  await hole.getByRole('link', { name: 'Answer in Repertoire' }).click();
  await expect(page).toHaveURL(/\/repertoire\?/);
  await expect(page.getByRole('heading', { name: 'Repertoire', level: 1 })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('line')).toBe(holeLine);
  await expect(page.getByTestId('outside-repertoire')).toBeVisible();

  // The position was never looked up: the workshop looks it up once and suggests an answer.
  const suggestion = page.getByTestId('suggested-answer');
  const add = suggestion.getByRole('button', { name: /^Add / });
  await expect(add).toBeVisible({ timeout: 20_000 });
  const answer = (await add.textContent())!.replace(/^Add /, '').trim();
  await expect(page.getByTestId('explorer-move').first()).toBeVisible();
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await expect(add).toBeVisible({ timeout: 20_000 });
    await saveScreen(page, 'workshop-suggested');
  }
  await setTheme(page, 'dark');
  await add.click();
  await expect(page.getByRole('status').filter({ hasText: `Added` })).toContainText(`${answer} as your answer`);
  const edits = page.getByTestId('edit');
  await expect(edits).toHaveCount(1);
  await expect(edits.first()).toContainText('Added');
  await expect(edits.first()).toContainText(holeLine);
  await expect(edits.first()).toContainText(answer);

  // Stored on the server: a reload shows the answer in the repertoire at the hole.
  const addedLine = new URL(page.url()).searchParams.get('line')!;
  expect(addedLine.startsWith(holeLine)).toBe(true);
  await page.goto(`/repertoire?color=white&line=${encodeURIComponent(holeLine)}`);
  await expect(page.getByTestId('repertoire-move').filter({ hasText: answer })).toBeVisible();
  await expect(page.getByTestId('repertoire-move').filter({ hasText: answer })).toContainText('added here');
  await expect(page.getByTestId('outside-repertoire')).toHaveCount(0);

  // The drill follows the edit (the server syncs the deck a moment after a burst of edits): a New item
  // asking for the answer.
  await expect
    .poll(async () => (await api(page, '/api/drill/stats?color=white')).total, { timeout: 10_000 })
    .toBe(before.total + 1);
  const after = await api(page, '/api/drill/stats?color=white');
  expect(after.new).toBe(before.new + 1);
  const items = (await api(page, '/api/drill/next?color=white&limit=100')) as DrillItem[];
  const item = items.find((i) => i.answers.some((a) => a.san === answer) && i.line === holeLine);
  expect(item, `a drill item after ${holeLine} answering ${answer}`).toBeDefined();
  expect(item!.state).toBe(0);
  // The drill screen offers it too: its progress counts the new item.
  await page.goto('/drill?color=white&mode=position');
  await expect(page.getByTestId('drill-progress-white')).toContainText(`of ${after.total}`);
  // A drill item opens the workshop at its position in one click (a New one is shown first, then asked).
  const learn = page.getByRole('button', { name: 'Got it, ask me' });
  await expect(page.locator('.drill-prompt', { hasText: 'Your move' }).or(learn)).toBeVisible();
  if (await learn.isVisible()) await learn.click();
  await expect(page.locator('.drill-prompt')).toHaveText(/Your move/);
  const drillLine = (await page.getByTestId('drill-line').textContent())!.replace(' · changed in your study', '');
  await page.getByRole('link', { name: 'Open in Repertoire' }).click();
  await expect(page).toHaveURL(/\/repertoire\?color=white/);
  expect(new URL(page.url()).searchParams.get('line') ?? 'Start of the chapter').toBe(drillLine);
  await expect(page.getByRole('heading', { name: /^Your answers/ })).toBeVisible();
  await expect(page.getByTestId('repertoire-move').first()).toBeVisible();

  // The next coverage run (from the cache) no longer lists the hole: the move is covered.
  await page.goto('/manage_openings');
  coverage = await runCoverage(page);
  await expect(coverage.locator('.op-hole-line').filter({ hasText: exactly(holeLine) })).toHaveCount(0);
  const holePosition = coverage.locator('.op-coverage-list > li').filter({
    has: page.locator('.op-position-button', { hasText: `after ${holeLine.slice(0, holeLine.lastIndexOf(' '))}` }),
  });
  await expect(
    holePosition.first().locator('.op-bar.is-covered .op-bar-san', { hasText: exactly(holeSan) }),
  ).toBeVisible();

  // The phone layout: the board first, the controls below.
  await page.goto(`/repertoire?color=white&line=${encodeURIComponent(holeLine)}`);
  await page.setViewportSize(PHONE);
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await expect(page.getByTestId('repertoire-move').first()).toBeVisible();
    await saveScreen(page, 'workshop');
  }
  await setTheme(page, 'dark');
});

test('remove a line and undo it, step with the keys, keep one answer of a consistency conflict', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('wsedit'));
  await setStudy(page, 'White', 'two-replies.pgn', TWO_REPLIES_PGN);
  const edits = page.getByTestId('edit');

  // Remove one reply the repertoire prepared for after White's first move, then Undo.
  await page.goto('/repertoire?color=white');
  const board = page.getByRole('group', { name: /Repertoire board/ });
  await expect(page.getByTestId('repertoire-move')).toHaveCount(1);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('ArrowRight');
  await expect(board).toHaveAttribute('data-fen', / b /);
  const replies = page.getByTestId('repertoire-move');
  await expect(replies.first()).toBeVisible();
  const replyCount = await replies.count();
  const reply = (await replies.last().locator('.ws-rep-san').textContent())!.trim();
  await replies
    .last()
    .getByRole('button', { name: `Remove ${reply}` })
    .click();
  await expect(replies).toHaveCount(replyCount - 1);
  await expect(edits.first()).toContainText('Removed');
  await expect(edits.first()).toContainText('stays here');
  await page.reload();
  await expect(replies).toHaveCount(replyCount - 1);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(replies).toHaveCount(replyCount);
  await expect(replies.filter({ hasText: reply })).toBeVisible();
  await expect(edits).toHaveCount(0);
  // A reply dragged on the board is added as one to prepare for; Undo takes it back.
  await drag(page, board, 'd7', 'd5');
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toHaveText(
    'Added 1... d5 as a reply to prepare for.',
  );
  await page.getByRole('button', { name: 'Previous move' }).click();
  await expect(replies).toHaveCount(replyCount + 1);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(replies).toHaveCount(replyCount);
  // Keyboard, from a fresh start: End follows the repertoire to the end of a line, Home goes back, f flips.
  await page.goto('/repertoire?color=white');
  await expect(page.getByTestId('repertoire-move')).toHaveCount(1);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('End');
  await expect(page).toHaveURL(/line=1\.(\+|%20)e4(\+|%20)(e5|c5)/);
  expect(['1. e4 e5 2. Nf3', '1. e4 c5 2. Nf3 d6 3. d4']).toContain(new URL(page.url()).searchParams.get('line'));
  await page.keyboard.press('Home');
  await expect(board).toHaveAttribute('data-fen', /^rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w/);
  await page.keyboard.press('f');
  await expect(board).toHaveAttribute('data-orientation', 'black');

  // A consistency conflict: keep one of the two answers and the check comes back clean.
  await setStudy(page, 'Black', 'two-answers.pgn', BLACK_PGN);
  const consistency = page.getByRole('region', { name: 'Consistency Check' });
  await consistency.getByLabel('Black').check();
  await consistency.getByRole('button', { name: 'Consistency Check' }).click();
  await expect(consistency.locator('.op-position')).toHaveCount(1);
  await consistency.getByRole('link', { name: 'Choose one in Repertoire' }).click();
  await expect(page).toHaveURL(/color=black/);
  const answers = page.getByTestId('repertoire-move');
  await expect(answers).toHaveCount(2);
  await expect(page.getByText('Your repertoire gives 2 answers here')).toBeVisible();
  await saveScreen(page, 'workshop-conflict');
  await answers
    .filter({ hasText: 'c5' })
    .getByRole('button', { name: /Keep this one/ })
    .click();
  await expect(answers).toHaveCount(1);
  await expect(answers.first()).toContainText('c5');
  await page.goto('/manage_openings');
  await consistency.getByLabel('Black').check();
  await consistency.getByRole('button', { name: 'Consistency Check' }).click();
  await expect(consistency.locator('.op-result-empty')).toHaveText('No inconsistencies found');
});

test('a note written on a move shows with it, survives a reload, is in the PGN, and Undo takes it back', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('wsnote'));
  await setStudy(page, 'White', 'two-replies.pgn', TWO_REPLIES_PGN);
  await page.goto('/repertoire?color=white');
  const e4 = page.getByTestId('repertoire-move').filter({ hasText: 'e4' });
  await e4.getByRole('button', { name: 'Write a note on e4' }).click();
  await e4.getByRole('textbox', { name: 'Your note on e4' }).fill('Fight for the centre at once');
  await e4.getByRole('button', { name: 'Save note' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved your note' })).toHaveText(
    'Saved your note on 1. e4. Undo takes it back.',
  );
  await expect(e4.getByTestId('repertoire-move-comment')).toContainText('Fight for the centre at once');
  await expect(page.getByTestId('edit').first()).toContainText('Note');
  await saveScreen(page, 'workshop-note');
  await setTheme(page, 'light');
  await page.setViewportSize(PHONE);
  await e4.getByRole('button', { name: 'Edit your note on e4' }).click();
  await expect(e4.getByRole('textbox', { name: 'Your note on e4' })).toHaveValue('Fight for the centre at once');
  await saveScreen(page, 'workshop-note');
  await e4.getByRole('button', { name: 'Cancel' }).click();
  await setTheme(page, 'dark');
  await page.setViewportSize(DESKTOP);

  await page.reload();
  await expect(e4.getByTestId('repertoire-move-comment')).toContainText('Fight for the centre at once');
  const pgn = await (await page.request.get('/api/repertoire/pgn?color=white')).text();
  expect(pgn).toContain('1. e4 { Fight for the centre at once }');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(e4.getByTestId('repertoire-move-comment')).toHaveCount(0);
  await expect(page.getByTestId('edit')).toHaveCount(0);
});

test('Save to Lichess writes the additions chapter to the study', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('wspush'));
  await page.goto('/manage_openings');
  const studies = page.getByRole('region', { name: 'Opening Studies' });
  await studies.getByRole('link', { name: 'Connect Lichess' }).click();
  await expect(studies.getByText('Connected as')).toContainText('Connected as Chess700800');
  await studies.getByRole('button', { name: 'Get Studies' }).click();
  await studies.getByLabel('Studies').selectOption({ label: 'My private repertoire' });
  await studies.getByRole('button', { name: 'Set/Refresh White Opening' }).click();
  await expect(studies.getByRole('status', { name: 'Opening status' })).toHaveText(
    'Done: White opening set to My private repertoire',
  );

  // Open the menu entry, then add a move by playing it on the board.
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Repertoire', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Repertoire', level: 1 })).toBeVisible();
  const board = page.getByRole('group', { name: /Repertoire board/ });
  const first = page.getByTestId('repertoire-move').first();
  await expect(first).toBeVisible();
  await first.locator('.ws-rep-san').click();
  await expect(board).toHaveAttribute('data-fen', / b /);
  // A Black reply no chapter has, played by clicking its piece and then its square.
  const played = await playUnpreparedReply(page, board);
  await expect(page.getByTestId('edit').first()).toContainText(played);
  await expect(page.getByTestId('edit').first()).toContainText('not yet on Lichess');

  // Lichess fails once: the edits are kept, not yet on Lichess, and Retry saves them.
  const lichessControl = `http://127.0.0.1:${appPort + 1}/__fake`;
  const failing = await page.request.post(`${lichessControl}/mode`, {
    data: { route: 'lichess-study-write', mode: 'error500', once: true },
  });
  expect(failing.ok()).toBe(true);
  await page.getByRole('button', { name: 'Save to Lichess' }).click();
  const failure = page.getByRole('alert').filter({ hasText: 'your edits are kept' });
  await expect(failure).toContainText('not yet on Lichess');
  await expect(page.getByTestId('edit').first()).toContainText('not yet on Lichess');
  await saveScreen(page, 'workshop-save-failed');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Saved to Lichess')).toBeVisible();
  await expect(page.getByTestId('edit').first()).toContainText('on Lichess');
  await expect(page.getByTestId('edit').first()).not.toContainText('not yet');

  // The study read again from Lichess holds the chapter.
  const study = await api(page, '/api/lichess/study/PrivRep1');
  expect(study.pgn).toContain('Chess Prep additions (White)');
  expect(study.pgn).toContain(played);
});

/** Plays the first Black reply among a few that the repertoire does not prepare for; returns its SAN. */
async function playUnpreparedReply(page: Page, board: Locator): Promise<string> {
  const prepared = await page.getByTestId('repertoire-move').locator('.ws-rep-san').allTextContents();
  const candidates = [
    { san: 'a6', from: 'a7', to: 'a6' },
    { san: 'h6', from: 'h7', to: 'h6' },
    { san: 'Na6', from: 'b8', to: 'a6' },
  ];
  const move = candidates.find((c) => !prepared.includes(c.san))!;
  await board.locator(`[data-square="${move.from}"]`).click();
  await board.locator(`[data-square="${move.to}"]`).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toContainText(move.san);
  return move.san;
}
