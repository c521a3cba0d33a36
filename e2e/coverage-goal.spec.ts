import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { drag } from './support/board';
import { saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';

// The coverage goal in points: run a check, read the expected score, trim the optional lines (the
// drill loses their positions), undo, then open a trap in the workshop, add its punishment, and meet
// the trap's note in the drill. The
// fake explorer answers this 1. b3 repertoire with fixed figures (e2e/fakes/coverage-goal-answers.ts).

const WHITE_PGN = [
  '1. b3 e5 2. Bb2 Nc6 3. e3 d5 4. Bb5 *',
  '1. b3 e5 2. Bb2 Nc6 3. e3 Nf6 4. Bb5 *',
  '1. b3 e5 2. Bb2 d6 3. e3 *',
  '1. b3 d5 2. Bb2 Nf6 3. e3 *',
  '1. b3 c5 2. Bb2 Nc6 3. e3 *',
  '1. b3 a5 2. Bb2 e5 3. e3 *',
  '1. b3 f5 2. Bb2 Nf6 3. e3 *',
]
  .map((line, i) => `[Event "Larsen ${i + 1}"]\n\n${line}`)
  .join('\n\n');

const WIDE = { width: 1366, height: 768 };
const NARROW = { width: 390, height: 844 };

const api = async (page: Page, path: string) => (await (await page.request.get(path)).json()).api_data;

async function shoot(page: Page, name: string) {
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    for (const size of [WIDE, NARROW]) {
      await page.setViewportSize(size);
      await expect(page.getByTestId('expected-score')).toBeVisible({ timeout: 20_000 });
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(300);
      await page
        .getByTestId('coverage-goal')
        .screenshot({ path: `test-results/screens/${name}-${theme}-${size.width}.png` });
    }
  }
  await setTheme(page, 'dark');
  await page.setViewportSize(WIDE);
}

test('the coverage goal: expected score, a trim undone in one step, and a trap punished in the workshop', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(WIDE);
  await signUp(page, newUser('goal'));
  await page.goto('/manage_openings');
  const studies = page.getByRole('region', { name: 'Opening Studies' });
  await studies
    .getByLabel('Or upload a PGN opening file')
    .setInputFiles({ name: 'larsen.pgn', mimeType: 'application/x-chess-pgn', buffer: Buffer.from(WHITE_PGN) });
  await studies.getByRole('button', { name: 'Set/Refresh White Opening' }).click();
  await expect(studies.getByRole('status', { name: 'Opening status' })).toHaveText(
    'Done: White opening set to larsen.pgn',
  );

  const coverage = page.getByRole('region', { name: 'Coverage Check' });
  await coverage.getByLabel('White', { exact: true }).check();
  await coverage.getByRole('button', { name: 'Coverage Check' }).click();
  await page.getByRole('dialog', { name: 'Run the coverage check?' }).getByRole('button', { name: 'Proceed' }).click();
  await expect(coverage.getByTestId('coverage-live')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });

  // The band's goal (1800: 1 in 150), then the player's own: 1 in 100.
  const goal = coverage.getByTestId('coverage-goal');
  const goalInput = goal.getByLabel('Know every line met in at least 1 in … games');
  await expect(goalInput).toHaveValue('150');
  await goalInput.fill('100');
  await goal.getByRole('button', { name: 'Save goal' }).click();
  await expect(goal.getByRole('button', { name: /^Use my band's \(1 in 150 games\)/ })).toBeVisible();
  await expect(goal.getByTestId('needed-holes-left')).toContainText(
    /needed holes? left: lines met in at least 1 in 100 games/,
  );
  // Study next marks each hole: 1... Nf6 is needed, 1... g6 (40 of 13,250 games) optional.
  const holeAt = (line: string) =>
    coverage
      .getByTestId('study-next-hole')
      .filter({ has: page.locator('.op-hole-line', { hasText: new RegExp(`^${line.replace(/\./g, '\\.')}$`) }) });
  await expect(holeAt('1. b3 Nf6').getByTestId('hole-need')).toHaveText('needed');
  await expect(holeAt('1. b3 g6').getByTestId('hole-need')).toHaveText('optional');

  const expected = goal.getByTestId('expected-score');
  await expect(expected).toContainText(
    /^Your White repertoire scores \d+\.\d% at 1800-2500 blitz, rapid and classical where players score \d+\.\d% after your first moves/,
  );
  await expect(expected).toContainText(/covering \d+\.\d% of games; 13,250 games after your first moves/);
  const before = (await expected.textContent())!;

  // Trim: 1... a5 is optional, 1... f5 rare but dangerous (kept unless picked).
  const trim = goal.getByTestId('trim-panel');
  const rows = trim.getByTestId('trim-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: '1. b3 a5' })).toContainText('drops 2 of your moves (2 drill positions');
  await expect(rows.filter({ hasText: '1. b3 f5' })).toContainText(/Dangerous: opponents score 60\.8% in 120 games/);
  await shoot(page, 'coverage-goal');

  await page.request.post('/api/drill/sync', {
    data: { color: 'white' },
    headers: { 'x-xsrf-token': (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value },
  });
  const drillBefore = (await api(page, '/api/drill/stats?color=white')).total;
  await trim.getByRole('button', { name: 'Trim 1 optional line' }).click();
  await expect(trim.getByTestId('trim-status')).toHaveText('Trimmed 1 line.');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('1. b3 f5');
  // The drill loses the trimmed line's two positions.
  await expect
    .poll(
      async () => (
        await api(page, '/api/drill/next?color=white&limit=1'),
        (await api(page, '/api/drill/stats?color=white')).total
      ),
      {
        timeout: 15_000,
      },
    )
    .toBe(drillBefore - 2);

  await trim.getByRole('button', { name: 'Undo trim' }).click();
  await expect(rows).toHaveCount(2);
  await expect(expected).toHaveText(before);
  await expect
    .poll(
      async () => (
        await api(page, '/api/drill/next?color=white&limit=1'),
        (await api(page, '/api/drill/stats?color=white')).total
      ),
      {
        timeout: 15_000,
      },
    )
    .toBe(drillBefore);

  // The trap: 2... f6, played in 6.9% of games, White scores 72.6%; not answered yet.
  const trap = goal.getByTestId('trap-row').filter({ hasText: '1. b3 e5 2. Bb2 f6' });
  await expect(trap).toContainText(/Opponents play f6 in 6\.9% of games here \(450 games;/);
  await expect(trap).toContainText('not answered');
  await trap.getByRole('link', { name: 'Add the punishment in Repertoire' }).click();
  await expect(page).toHaveURL(/\/repertoire\?/);
  expect(new URL(page.url()).searchParams.get('line')).toBe('1. b3 e5 2. Bb2 f6');
  // The workshop's own suggested answer (Manage Openings may still show while the workshop's code loads).
  const add = page.getByRole('region', { name: 'Suggested answer' }).getByRole('button', { name: /^Add / });
  await expect(add).toBeVisible({ timeout: 30_000 });
  await add.click();
  await expect(page.getByRole('status').filter({ hasText: 'Added' })).toBeVisible();

  await page.goto('/manage_openings');
  await expect(
    page.getByTestId('coverage-goal').getByTestId('trap-row').filter({ hasText: '1. b3 e5 2. Bb2 f6' }),
  ).toContainText('punished', { timeout: 20_000 });
  await shoot(page, 'coverage-goal-punished');

  // The drill says so at the trap's position: asked along the line, 2... f6 comes with its note.
  await page.goto(`/drill?color=white&line=${encodeURIComponent('1. b3 e5 2. Bb2 f6')}`);
  const board = page.getByRole('group', { name: 'Drill board, white' });
  const learn = page.getByTestId('drill-learn');
  const moves: Record<string, [string, string]> = { b3: ['b2', 'b3'], Bb2: ['c1', 'b2'] };
  for (let step = 0; step < 2; step++) {
    await expect(learn).toContainText(/your repertoire plays (b3|Bb2) here/);
    await expect(page.getByTestId('drill-trap')).toHaveCount(0);
    const san = (await learn.textContent())!.match(/your repertoire plays (b3|Bb2) here/)![1];
    await page.getByRole('button', { name: 'Got it, ask me' }).click();
    await drag(page, board, ...moves[san]);
    await expect(page.getByTestId('drill-note')).toContainText(san);
    const next = page.getByRole('button', { name: 'Next' });
    if (await next.isVisible()) await next.click();
  }
  await expect(page.getByTestId('drill-line')).toHaveText('1. b3 e5 2. Bb2 f6');
  const trapNote = page.getByTestId('drill-trap');
  await expect(trapNote).toContainText('A common mistake here');
  await expect(trapNote).toContainText(
    /Players at your bands often play f6 here, and lose with it: you score 73% over 450 games/,
  );
  // Themes switched in place: a reload would start the session again.
  for (const theme of ['dark', 'light'] as const) {
    await page.setViewportSize(WIDE);
    if (theme === 'light') await page.getByRole('button', { name: 'Switch to light theme' }).click();
    for (const size of [WIDE, NARROW]) {
      await page.setViewportSize(size);
      await expect(trapNote).toBeVisible();
      await saveScreen(page, 'drill-trap');
    }
  }
  await page.setViewportSize(WIDE);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();

  // Today counts the needed holes left.
  await page.goto('/today');
  await expect(page.getByTestId('today-needed-holes')).toContainText(/\d+needed holes left/);
});
