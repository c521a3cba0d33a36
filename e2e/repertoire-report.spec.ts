import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { DESKTOP, PHONE, saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';
import { FIXTURE_STUDIES, storeStudiesAsThibault } from './support/opening-steps';

// Games vs repertoire against the fake Lichess (thibault's 49 real games with moves) and real study fixtures.

const xsrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';

/** Both studies stored, and thibault's Lichess games saved as reviews (what game review does one by one). */
async function seedPlayer(page: Page, saveReviews: number) {
  const headers = { 'X-XSRF-TOKEN': await xsrf(page) };
  await storeStudiesAsThibault(page, headers);
  const recent = (await (await page.request.get('/api/recent-games?site=lichess')).json()).api_data as unknown[];
  for (const game of recent.slice(0, saveReviews)) {
    const saved = await page.request.post('/api/upsert-game-review', { data: game, headers });
    expect(saved.ok()).toBe(true);
  }
}

async function runReport(page: Page, sources: { lichess: boolean; chesscom: boolean }) {
  await page.getByRole('checkbox', { name: 'Recent Lichess games' }).setChecked(sources.lichess);
  await page.getByRole('checkbox', { name: 'Recent Chess.com games' }).setChecked(sources.chesscom);
  await page.getByRole('button', { name: 'Run Report' }).click();
  await expect(page.getByTestId('rr-compared')).toBeVisible();
}

const list = (page: Page, name: string) =>
  page
    .getByRole('region', { name: new RegExp(`^${name}`) })
    .getByRole('listitem')
    .filter({ has: page.locator('.rr-row-button') });

test('run the report, open a row, jump to the game at that move, make a card from a surprise', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('report'));
  await seedPlayer(page, 50);

  await page.goto('/game_review');
  await page.getByRole('link', { name: 'Games vs Repertoire' }).click();
  await expect(page).toHaveURL(/\/repertoire_report$/);
  await expect(page.getByRole('heading', { name: 'My games vs my repertoire' })).toBeVisible();

  // Saved reviews only: every game behind a row opens in game review.
  await runReport(page, { lichess: false, chesscom: false });
  await expect(page.getByTestId('rr-compared')).toHaveText('49');
  await expect(page.getByText('Saved reviews: 49 games')).toBeVisible();
  const surprises = list(page, 'Opponents surprised you');
  await expect(surprises.first()).toBeVisible();

  // Open the top surprise: the board at the position before it, the games behind it.
  const row = surprises.first();
  const played = (await row.locator('strong').textContent())!;
  await row.locator('.rr-row-button').click();
  await expect(row.locator('.rr-row-button')).toHaveAttribute('aria-expanded', 'true');
  await expect(row.locator('.board')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Make card' })).toBeVisible();
  const games = row.getByRole('list').last().getByRole('link');
  await expect(games.first()).toHaveAttribute('href', /^\/game_review\?review=\d+&ply=\d+$/);

  // Jump to the game: game review opens at the move played.
  await games.first().click();
  await expect(page).toHaveURL(/\/game_review\?review=\d+&ply=\d+$/);
  const stepLabel = page.getByRole('toolbar', { name: 'Board controls' }).locator('.gr-step-label');
  await expect(stepLabel).toHaveText(played);

  // Back to the report, still there: make a card from the surprise.
  await page.goBack();
  await expect(page.getByTestId('rr-compared')).toHaveText('49');
  await expect(page.getByRole('checkbox', { name: 'Recent Lichess games' })).not.toBeChecked();
  const again = list(page, 'Opponents surprised you').first();
  await again.locator('.rr-row-button').click();
  await again.getByRole('button', { name: 'Make card' }).click();
  const editor = page.getByRole('dialog', { name: 'Make Card' });
  await expect(editor).toBeVisible();
  await expect(editor.getByRole('textbox', { name: 'Prompt' })).toHaveValue(
    new RegExp(`^After ${played.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );
  await editor.getByRole('button', { name: 'Make Card' }).click();
  await expect(editor).toBeHidden();
  const cards = (await (await page.request.get('/api/get-cards')).json()).api_data as {
    prompt: string;
    prompt_fen: string;
  }[];
  expect(cards).toHaveLength(1);
  expect(cards[0].prompt).toContain(played);

  // The player's own deviations offer the drill.
  const own = list(page, 'You left your repertoire');
  if ((await own.count()) > 0) {
    await own.first().locator('.rr-row-button').click();
    await expect(own.first().getByRole('button', { name: 'Add to drill' })).toBeVisible();
  }
});

test('recent Lichess games not saved link to Lichess at the move, or open in game review once saved', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('reportsite'));
  await seedPlayer(page, 0);
  await page.goto('/repertoire_report');
  await runReport(page, { lichess: true, chesscom: true });
  await expect(page.getByText(/Lichess: 49 games/)).toBeVisible();
  await expect(page.getByText(/Chess\.com: 0 games/)).toBeVisible();
  const row = list(page, 'Opponents surprised you').first();
  const played = (await row.locator('strong').textContent())!;
  await row.locator('.rr-row-button').click();
  const link = row.getByRole('list').last().getByRole('link').first();
  await expect(link).toHaveAttribute('href', /^https:\/\/lichess\.org\/\w+#\d+$/);
  await expect(link).toHaveAttribute('target', '_blank');

  // The game's link and 'Open in game review' are two things, visibly apart: a separator between
  // them, and a gap wider than a word space when they share a line.
  const game = row.getByRole('list').last().getByRole('listitem').first();
  await expect(game.getByRole('link')).toHaveCount(1);
  const open = game.getByRole('button', { name: 'Open in game review' });
  await expect(open).toHaveCount(1);
  const [linkText, openText, rowText] = await Promise.all([link.innerText(), open.innerText(), game.innerText()]);
  const between = rowText.slice(rowText.indexOf(linkText) + linkText.length, rowText.indexOf(openText));
  expect(between.trim()).toMatch(/^[·|•–—]$/);
  const linkBox = (await link.boundingBox())!;
  const openBox = (await open.boundingBox())!;
  if (Math.abs(linkBox.y - openBox.y) < linkBox.height / 2) {
    const spaceWidth = await game.evaluate((li) => {
      const probe = document.createElement('span');
      probe.textContent = '\u00a0';
      li.append(probe);
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width;
    });
    expect(openBox.x - (linkBox.x + linkBox.width)).toBeGreaterThan(spaceWidth * 2);
  }

  // Open in game review: the game is saved as a review and opened at the move.
  await row.getByRole('list').last().getByRole('button', { name: 'Open in game review' }).first().click();
  await expect(page).toHaveURL(/\/game_review\?review=\d+&ply=\d+$/);
  await expect(page.getByRole('toolbar', { name: 'Board controls' }).locator('.gr-step-label')).toHaveText(played);
  await expect(page.getByRole('list', { name: 'Existing game reviews' }).getByRole('listitem')).toHaveCount(1);
});

test('a colour without a study is named', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('reportnostudy'));
  const headers = { 'X-XSRF-TOKEN': await xsrf(page) };
  await page.request.post('/api/update-study', {
    data: { color: 'white', exclude_move_indicators: '', link: null, study_text: FIXTURE_STUDIES.white, title: 'w' },
    headers,
  });
  await page.request.post('/api/update-lichess-username', { form: { username_lichess: 'thibault' }, headers });
  await page.goto('/repertoire_report');
  await runReport(page, { lichess: true, chesscom: false });
  await expect(page.getByRole('note')).toContainText(/No study for Black: \d+ games were not compared/);
  await expect(page.getByRole('note').getByRole('link', { name: 'Manage Openings' })).toHaveAttribute(
    'href',
    '/manage_openings',
  );
});

for (const viewport of [DESKTOP, PHONE]) {
  test(`report screens at ${viewport.width}px in both themes`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signUp(page, newUser(`reportscreens${viewport.width}`));
    await seedPlayer(page, 20);
    for (const theme of ['dark', 'light'] as const) {
      await page.goto('/repertoire_report');
      await setTheme(page, theme);
      await runReport(page, { lichess: true, chesscom: false });
      const row = list(page, 'Opponents surprised you').first();
      await row.locator('.rr-row-button').click();
      await expect(row.locator('.board')).toBeVisible();
      await saveScreen(page, 'repertoire-report');
      // The open row as the viewport shows it.
      await row.scrollIntoViewIfNeeded();
      await saveScreen(page, 'repertoire-report-row', { window: true });
      // Nothing sticks out sideways on a phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    }
  });
}
