import { expect, test, type Page } from '@playwright/test';
import { logOut, signIn, signUp } from './support/account-steps';
import { DESKTOP, PHONE, saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';
import { drag } from './support/board';

// Today: a player with due cards, due drill positions, new positions to learn and a new game on the
// fake Lichess lands on Today, trains through it all in one session, and keeps a streak. Progress:
// the forecast and retention charts, a leech that opens its card, and the own-schedule section.

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const AFTER_E4_C5 = 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const STUDY = '[Event "Open Game"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n\n\n[Event "Sicilian"]\n\n1. e4 c5 2. Nf3 *\n';

/** The repertoire move of each drilled position (by the start of its FEN), as [from, to]. */
const RIGHT: [string, [string, string]][] = [
  ['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w', ['e2', 'e4']],
  ['rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w', ['g1', 'f3']],
  ['rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w', ['g1', 'f3']],
  ['r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w', ['f1', 'b5']],
];

async function api(page: Page, path: string, body: unknown, form = false) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post(path, {
    headers: { 'x-xsrf-token': xsrf },
    ...(form ? { form: body as Record<string, string> } : { data: body }),
  });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

const count = (page: Page, id: string) => page.getByTestId(`today-${id}`).locator('.today-count-value');

test('a player lands on Today, trains due cards, due drill and new positions in one session, and starts a streak', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize(DESKTOP);
  const user = newUser('today');
  await signUp(page, user);

  // Two cards, a white study with two positions asked for (due now) and two new a day, and Lichess
  // games all saved as reviews but one.
  const card = (id: string, prompt: string) => ({
    id,
    prompt,
    prompt_fen: START,
    answer: 'e4',
    answer_fen: AFTER_E4,
    orientation: 'white',
  });
  await api(page, '/api/upsert-cards', [
    card(`${user.username}-1`, 'Best first move?'),
    card(`${user.username}-2`, 'And again?'),
  ]);
  await api(page, '/api/update-study', { color: 'white', study_text: STUDY, title: 'Open and Sicilian' });
  await api(page, '/api/drill/settings', { new_per_day: 2 });
  await api(page, '/api/drill/focus', { color: 'white', fen: AFTER_E4_E5 });
  await api(page, '/api/drill/focus', { color: 'white', fen: AFTER_E4_C5 });
  await api(page, '/api/update-lichess-username', { username_lichess: 'pnmadelaine' }, true);
  // New games are counted here, not saved: the automatic import has its own test (auto-import.spec.ts).
  await api(page, '/api/games/settings', { auto_import: false });
  const recent = (await (await page.request.get('/api/recent-games?site=lichess')).json()).api_data as unknown[];
  expect(recent.length).toBeGreaterThan(1);
  for (const game of recent.slice(1)) await api(page, '/api/upsert-game-review', game);

  // Signing in again lands on Today, the first item of the menu.
  await logOut(page);
  await signIn(page, user.username, user.password);
  await expect(page).toHaveURL(/\/today$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link').nth(1)).toHaveText('Today');
  await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
  await expect(count(page, 'cards-due')).toHaveText('2');
  await expect(count(page, 'drill-due-white')).toHaveText('2');
  await expect(count(page, 'drill-due-black')).toHaveText('0');
  await expect(count(page, 'drill-new-left')).toHaveText('2');
  // The games arrive after the page: the background fetch finds the one game not saved yet.
  await expect(count(page, 'new-games-lichess')).toHaveText('1');
  await expect(count(page, 'new-games-chesscom')).toHaveText('0');
  await expect(count(page, 'unanalysed')).toHaveText(String(recent.length - 1));
  await expect(page.getByTestId('today-streak')).toHaveText('0 days in a row');
  await expect(page.getByTestId('today-to-train')).toHaveText(
    '2 cards due, 2 drill positions due, 2 new positions to learn.',
  );
  await saveScreen(page, 'today');
  await setTheme(page, 'light');
  await expect(count(page, 'new-games-lichess')).toHaveText('1');
  await saveScreen(page, 'today');
  await page.setViewportSize(PHONE);
  await saveScreen(page, 'today');
  await setTheme(page, 'dark');
  await expect(count(page, 'cards-due')).toHaveText('2');
  await saveScreen(page, 'today');
  await page.setViewportSize(DESKTOP);

  await page.getByRole('button', { name: 'Start training' }).click();
  const position = page.getByTestId('today-session-count');

  // Cards first, each scored Good.
  for (const step of [1, 2]) {
    await expect(position).toHaveText(`${step} of 6`);
    await expect(page.getByTestId('today-card-step')).toBeVisible();
    if (step === 1) await saveScreen(page, 'today-session-card');
    await page.getByRole('button', { name: 'Show Answer & Score' }).click();
    await page.getByRole('group', { name: 'Score the card' }).getByRole('button', { name: /^Good/ }).click();
  }

  // Then the drill: the two due positions, then the two new ones, each answered with its repertoire move.
  const board = page.getByRole('group', { name: 'Drill board, white' });
  for (const step of [3, 4, 5, 6]) {
    await expect(position).toHaveText(`${step} of 6`);
    await expect(page.getByTestId('today-drill-step')).toBeVisible();
    const fen = (await board.getAttribute('data-fen')) ?? '';
    const move = RIGHT.find(([prefix]) => fen.startsWith(prefix));
    expect(move, `a repertoire move for ${fen}`).toBeDefined();
    if (step === 5) await saveScreen(page, 'today-session-drill');
    // A new position is taught first: its move shown, then asked.
    if (step >= 5) await page.getByRole('button', { name: 'Got it, ask me' }).click();
    await drag(page, board, ...move![1]);
    await expect(page.getByTestId('today-drill-note')).toHaveText(/^Right: /);
  }

  const summary = page.getByTestId('today-summary');
  await expect(summary.getByRole('heading', { name: 'Training done' })).toBeVisible();
  await expect(summary).toContainText('2 cards reviewed, 2 remembered');
  await expect(summary).toContainText('4 drill positions, 4 right at the first try');
  await expect(summary).toContainText('2 new positions learned');
  await expect(page.getByTestId('today-streak')).toHaveText('1 day in a row');
  await saveScreen(page, 'today-summary');
  await summary.getByRole('button', { name: 'Back to Today' }).click();

  await expect(count(page, 'cards-due')).toHaveText('0');
  await expect(count(page, 'drill-due-white')).toHaveText('0');
  await expect(count(page, 'drill-new-left')).toHaveText('0');
  await expect(page.getByTestId('today-streak')).toHaveText('1 day in a row');
  await expect(page.getByTestId('today-done')).toHaveText('Done today: 2 cards, 4 drill answers (4 new).');
  await expect(page.getByRole('button', { name: 'Start training' })).toBeDisabled();
  await saveScreen(page, 'today-after');
});

/** A Black study of four positions: after 1. e4, 1. e4 c5 2. Nf3, 1. d4 and 1. d4 Nf6 2. c4. */
const BLACK_STUDY = '[Event "Sicilian"]\n\n1. e4 c5 2. Nf3 d6 *\n\n\n[Event "Indian"]\n\n1. d4 Nf6 2. c4 e6 *\n';
const BLACK_RIGHT: [string, [string, string]][] = [
  ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b', ['c7', 'c5']],
  ['rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b', ['d7', 'd6']],
  ['rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b', ['g8', 'f6']],
  ['rnbqkb1r/pppppppp/5n2/8/2PP4/8/PP2PPPP/RNBQKBNR b', ['e7', 'e6']],
];

test("with both colours set, Today's session teaches New positions of each colour", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('today-both'));
  await api(page, '/api/update-study', { color: 'white', study_text: STUDY, title: 'Open and Sicilian' });
  await api(page, '/api/update-study', { color: 'black', study_text: BLACK_STUDY, title: 'Sicilian and Indian' });
  await api(page, '/api/drill/settings', { new_per_day: 4 });
  await api(page, '/api/games/settings', { auto_import: false });
  await page.goto('/today');
  await expect(count(page, 'drill-new-left')).toHaveText('4');
  await page.getByRole('button', { name: 'Start training' }).click();

  // Four positions a colour left to learn: the day's four New items are shared two and two.
  const position = page.getByTestId('today-session-count');
  const board = page.getByRole('group', { name: /^Drill board, / });
  const colours: string[] = [];
  for (const step of [1, 2, 3, 4]) {
    await expect(position).toHaveText(`${step} of 4`);
    await expect(page.getByRole('button', { name: 'Got it, ask me' })).toBeVisible();
    const colour = (await board.getAttribute('aria-label'))!.replace('Drill board, ', '');
    colours.push(colour);
    const fen = (await board.getAttribute('data-fen')) ?? '';
    const move = [...RIGHT, ...BLACK_RIGHT].find(([prefix]) => fen.startsWith(`${prefix} `));
    expect(move, `a repertoire move for ${fen}`).toBeDefined();
    await page.getByRole('button', { name: 'Got it, ask me' }).click();
    await drag(page, board, ...move![1]);
    await expect(page.getByTestId('today-drill-note')).toHaveText(/^Right: /);
  }
  expect(colours.filter((c) => c === 'white')).toHaveLength(2);
  expect(colours.filter((c) => c === 'black')).toHaveLength(2);
  const summary = page.getByTestId('today-summary');
  await expect(summary).toContainText('4 new positions learned');
});

test('Progress shows the forecast and retention charts, a leech that opens its card, and the own schedule', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const user = newUser('progress');
  await signUp(page, user);
  const id = `${user.username}-leech`;
  await api(page, '/api/upsert-cards', [
    { id, prompt: 'The move I keep forgetting', prompt_fen: START, answer: 'e4', answer_fen: AFTER_E4 },
    { id: `${id}-2`, prompt: 'An easy one', prompt_fen: START, answer: 'e4', answer_fen: AFTER_E4 },
  ]);
  // Learnt, then forgotten four times: a leech.
  await api(page, '/api/review-card', { id, rating: 4 });
  for (let i = 0; i < 4; i++) {
    await api(page, '/api/review-card', { id, rating: 1 });
    await api(page, '/api/review-card', { id, rating: 3 });
  }
  await api(page, '/api/review-card', { id: `${id}-2`, rating: 4 });

  await page.goto('/progress');
  await expect(page.getByRole('heading', { name: 'Progress', level: 1 })).toBeVisible();
  const forecast = page.getByTestId('forecast-chart');
  const retention = page.getByTestId('retention-chart');
  await expect(forecast.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(forecast.locator('.recharts-bar-rectangle path, path.recharts-rectangle').first()).toBeAttached();
  await expect(retention.locator('.recharts-line-curve')).toBeAttached();
  await expect(retention.locator('.recharts-line-dots circle, .recharts-line-dot').first()).toBeAttached();
  // 10 reviews this week, 4 of them Again: 60% right at the first try.
  await expect(retention.locator('figcaption')).toContainText('60% right at the first try over 10 reviews');
  await expect(page.getByTestId('schedule-needed')).toHaveText('Optimising needs 400 reviews: 390 more to go.');
  await expect(page.getByRole('button', { name: 'Optimise my schedule' })).toBeDisabled();
  const leeches = page.getByTestId('leech-list');
  await expect(leeches.getByRole('listitem')).toHaveCount(1);
  await expect(leeches).toContainText('failed 4 times');
  // Its small board draws each piece inside its square (10 px squares once let the pieces slide out).
  const square = leeches.locator('[data-square="a8"]');
  const piece = square.locator('svg');
  const [squareBox, pieceBox] = [await square.boundingBox(), await piece.boundingBox()];
  expect(pieceBox!.y).toBeGreaterThanOrEqual(squareBox!.y);
  expect(pieceBox!.y + pieceBox!.height).toBeLessThanOrEqual(squareBox!.y + squareBox!.height + 0.5);
  await saveScreen(page, 'progress');
  await setTheme(page, 'light');
  await expect(forecast.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await saveScreen(page, 'progress');
  await page.setViewportSize(PHONE);
  await expect(retention.locator('.recharts-line-curve')).toBeAttached();
  await saveScreen(page, 'progress');
  await setTheme(page, 'dark');
  await expect(retention.locator('.recharts-line-curve')).toBeAttached();
  await saveScreen(page, 'progress');

  await leeches.getByRole('link', { name: /The move I keep forgetting/ }).click();
  await expect(page).toHaveURL(/\/manage_cards\?card=/);
  await expect(page.getByRole('textbox', { name: /Question|Prompt/ }).first()).toHaveValue(
    'The move I keep forgetting',
  );
});
