import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { saveScreen, setTheme } from './support/screens';
import { newUser } from './support/users';
import { drag } from './support/board';

// Build a repertoire: a new player with no study builds a White starter from 1. e4 on the fake
// explorer, reads its size and daily cost, downloads it, looks through it in the workshop before
// keeping it, keeps it as a repertoire source from there, opens it in the workshop and trains its first
// New position on the drill. First steps on Welcome and an empty
// Today lead there; a refused line starts nothing.

const WIDE = { width: 1366, height: 768 };
const NARROW = { width: 390, height: 844 };

/** The starter page at both widths in both themes; `ready` waits for what the shot is about after each reload. */
async function shoot(page: Page, name: string, ready: () => Promise<void>) {
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    for (const size of [WIDE, NARROW]) {
      await page.setViewportSize(size);
      await ready();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await saveScreen(page, name);
    }
  }
  await setTheme(page, 'dark');
  await page.setViewportSize(WIDE);
}

test('a new player builds a White starter from 1. e4, previews it, keeps it as a source, opens it and trains it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize(WIDE);
  await signUp(page, newUser('starter'));

  // Welcome and the empty Today name the first step: a study or file, or a built repertoire.
  const steps = page.getByTestId('first-steps');
  await expect(steps.getByRole('link', { name: 'Manage Openings' })).toBeVisible();
  await expect(steps.getByRole('link', { name: 'Build a repertoire' })).toHaveAttribute('href', '/starter');
  await saveScreen(page, 'starter-welcome');
  await page.goto('/today');
  const first = page.getByRole('region', { name: 'Start here' });
  await expect(first.getByRole('link', { name: 'Manage Openings' })).toBeVisible();
  await saveScreen(page, 'starter-today-first-steps');
  await first.getByRole('link', { name: 'Build a repertoire' }).click();

  await expect(page.getByRole('heading', { name: 'Build a repertoire', level: 1 })).toBeVisible();
  await expect(page.getByLabel('White', { exact: true })).toBeChecked();
  // The lowest default band (1800) sets the goal: 1 in 150 games; the estimate follows it.
  const goal = page.getByLabel('Answer every reply met in at least 1 in … games');
  await expect(goal).toHaveValue('150');
  const estimate = page.getByTestId('starter-estimate');
  await expect(estimate).toHaveText(
    /^About [\d,]+(–[\d,]+)? positions to look up, (some [\d–]+ minutes|about a minute) at the explorer's pace\.$/,
  );
  // A lower band lowers the default goal; the player's own number stays until taken back.
  await page.getByRole('group', { name: 'Ratings' }).getByLabel('1600').check();
  await expect(goal).toHaveValue('100');
  await goal.fill('120');
  await page.getByRole('group', { name: 'Ratings' }).getByLabel('1600').uncheck();
  await expect(goal).toHaveValue('120');
  await page.getByRole('button', { name: "Use my band's (1 in 150 games)" }).click();
  await expect(goal).toHaveValue('150');

  // A line that is not chess is refused next to the form and nothing starts.
  const line = page.getByLabel('Your first moves');
  await expect(line).toHaveAttribute('placeholder', '1. e4');
  await line.fill('1. e5');
  await page.getByRole('button', { name: 'Build my repertoire' }).click();
  await expect(page.getByTestId('starter-error')).toContainText(/e5/);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByTestId('starter-result')).toHaveCount(0);
  await saveScreen(page, 'starter-refused');
  await shoot(page, 'starter-form', async () => {
    await expect(estimate).toContainText('positions to look up');
  });

  // Build: the bar moves, then the result.
  await page.getByRole('group', { name: 'Quick picks' }).getByRole('button', { name: '1. e4' }).click();
  await expect(line).toHaveValue('1. e4');
  await page.getByRole('button', { name: 'Build my repertoire' }).click();
  await expect(page.getByTestId('starter-error')).toHaveCount(0);
  const bar = page.getByRole('progressbar', { name: 'Build progress' });
  const result = page.getByRole('region', { name: 'Your White starter: 1. e4' });
  await expect(bar.or(result)).toBeVisible();
  if (await bar.isVisible()) {
    await expect(bar).toHaveAttribute('aria-valuemin', '0');
    await expect(bar).toHaveAttribute('aria-valuemax', '100');
    await expect(bar).toHaveAttribute('aria-valuetext', /positions looked up/);
    await saveScreen(page, 'starter-running');
    // A reload while it runs: the page finds the build again and follows it to its end.
    await page.reload();
    await expect(bar.or(result)).toBeVisible();
  }
  await expect(result).toBeVisible({ timeout: 150_000 });
  await expect(result).toHaveAttribute('data-status', 'done');
  await expect(result.getByTestId('starter-status')).toHaveText(
    'Done: White from 1. e4, every reply met in at least 1 in 150 games.',
  );
  const positions = Number(
    (await result.getByTestId('starter-positions').locator('strong').textContent())!.replace(/,/g, ''),
  );
  const own = Number(
    (await result.getByTestId('starter-own-moves').locator('strong').textContent())!.replace(/,/g, ''),
  );
  expect(positions).toBeGreaterThan(own);
  expect(own).toBeGreaterThan(0);
  await expect(result.getByTestId('starter-lines')).toContainText(/^\d[\d,]* lines$/);
  await expect(result.getByTestId('starter-reviews')).toContainText(
    /Training it costs (about \d+(\.\d)?|under 0\.1) reviews a day in the first month\./,
  );
  // No study of White yet: a source is the only way to keep it.
  await expect(result.getByRole('button', { name: 'Add to my repertoire as edits' })).toHaveCount(0);

  // The PGN downloads as a file, read straight from the build.
  const download = page.waitForEvent('download');
  await result.getByRole('button', { name: 'Download PGN' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('starter-white-1-e4.pgn');
  const pgn = readFileSync((await file.path())!, 'utf8');
  expect(pgn).toMatch(/^\[Event "Starter: 1\. e4/);
  expect(pgn).toContain('1. e4');

  await shoot(page, 'starter-result', async () => {
    await expect(result).toHaveAttribute('data-status', 'done');
  });

  // Before keeping it, the workshop shows the build itself, read-only, under a banner that keeps it.
  await result.getByRole('link', { name: 'Open in the workshop' }).click();
  await expect(page).toHaveURL(/\/repertoire\?color=white&starter=[0-9a-f-]{36}$/);
  const banner = page.getByRole('region', { name: 'Preview of your starter repertoire (not kept yet)' });
  await expect(banner).toBeVisible();
  await expect(banner.getByTestId('starter-preview-size')).toContainText(
    `White from 1. e4: ${positions.toLocaleString('en-US')} positions`,
  );
  await expect(banner.getByRole('link', { name: 'Back to Build a repertoire' })).toHaveAttribute(
    'href',
    '/starter?color=white',
  );
  // No study of White yet: a source is the only way to keep it.
  await expect(banner.getByRole('button', { name: 'Add as edits' })).toHaveCount(0);
  const moves = page.getByTestId('repertoire-move');
  await expect(page.getByRole('heading', { name: /^The starter's answer/ })).toBeVisible();
  await expect(moves).toHaveText(['e4'], { timeout: 20_000 });
  // Nothing is edited here: no Remove, Note, suggested Add or list of edits.
  await expect(page.getByRole('button', { name: /^(Remove|Write a note|Add) / })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Your edits/ })).toHaveCount(0);
  await expect(page.getByText('Play a move on the board to look at it.')).toBeVisible();

  // One move on: the replies it prepares for, the explorer beside them, the opening named.
  await page.getByRole('button', { name: 'Next move' }).click();
  await expect(page).toHaveURL(/[?&]line=1\.(\+|%20)e4(&|$)/);
  await expect(page.getByRole('heading', { name: /^Replies it prepares for/ })).toBeVisible();
  await expect(moves.first()).toBeVisible();
  const replies = await moves.allTextContents();
  expect(replies.length).toBeGreaterThan(1);
  await expect(page.getByTestId('opening-name')).toContainText("King's Pawn");
  const explorerRows = page.getByTestId('explorer-move');
  await expect(explorerRows.first()).toBeVisible({ timeout: 20_000 });
  // The explorer's ticks mark the starter's replies; a row's move is followed, not added.
  await expect(explorerRows.filter({ hasText: '✓' })).toHaveCount(replies.length);
  await expect(explorerRows.first()).toHaveAttribute('aria-label', /^Go to /);
  await shoot(page, 'starter-preview', async () => {
    await expect(banner).toBeVisible();
    await expect(moves.first()).toBeVisible({ timeout: 20_000 });
  });
  // Into the first reply: the starter's one answer there.
  await moves.first().getByRole('button', { name: replies[0] }).click();
  await expect(page.getByRole('heading', { name: /^The starter's answer/ })).toBeVisible();
  await expect(moves).toHaveCount(1);

  // Kept as a source from the preview: White's repertoire from now on, in its own workshop.
  await banner.getByRole('button', { name: 'Keep as a source' }).click();

  // The workshop reads it: 1. e4 is the repertoire's move, and the explorer answers beside it.
  await expect(page).toHaveURL(/\/repertoire\?color=white$/);
  await expect(page.getByRole('heading', { name: 'Repertoire', level: 1 })).toBeVisible();
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('repertoire-move').filter({ hasText: 'e4' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Next move' }).click();
  await expect(page.getByTestId('explorer-move').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('repertoire-move').first()).toBeVisible();
  await saveScreen(page, 'starter-workshop');

  // Back on the starter page it reads as kept, and its workshop link opens the kept repertoire.
  await page.goBack();
  await expect(page.getByRole('region', { name: 'Your White starter: 1. e4' })).toBeVisible();
  const kept = result.getByTestId('starter-kept');
  await expect(kept).toContainText('Kept as the White repertoire source “Starter: 1. e4');
  for (const size of [NARROW, WIDE]) {
    await page.setViewportSize(size);
    await saveScreen(page, 'starter-kept');
  }
  await expect(result.getByRole('button', { name: 'Keep as a repertoire source' })).toHaveCount(0);
  await kept.getByRole('link', { name: 'Open in the workshop' }).click();
  await expect(page).toHaveURL(/\/repertoire\?color=white$/);
  await expect(page.getByTestId('repertoire-move').filter({ hasText: 'e4' })).toBeVisible({ timeout: 20_000 });

  // Its first New position on the drill: taught, then asked.
  await page.goto('/starter?color=white');
  // Found kept on a later visit: no second source is offered.
  await expect(result.getByTestId('starter-kept')).toContainText('Kept as the White repertoire source');
  await expect(result.getByRole('button', { name: /^(Keep as a repertoire source|Add to my repertoire)/ })).toHaveCount(
    0,
  );
  await page.goto('/drill?color=white');
  const board = page.getByRole('group', { name: 'Drill board, white' });
  const learn = page.getByTestId('drill-learn');
  await expect(learn).toContainText('your repertoire plays e4 here', { timeout: 30_000 });
  await saveScreen(page, 'starter-drill');
  await page.getByRole('button', { name: 'Got it, ask me' }).click();
  await expect(page.locator('.drill-prompt')).toHaveText(/Your move/);
  await drag(page, board, 'e2', 'e4', { scroll: false });
  await expect(page.getByTestId('drill-note')).toHaveText(/^✓ .*e4$/);

  // The workshop of the colour without a repertoire points here too, as does Manage Openings.
  await page.goto('/repertoire?color=black');
  await expect(page.getByRole('link', { name: 'Build a repertoire' })).toHaveAttribute('href', '/starter?color=black');
  await page.goto('/manage_openings');
  await expect(
    page.getByRole('region', { name: 'Repertoire sources' }).getByRole('link', { name: 'Build a repertoire' }),
  ).toHaveAttribute('href', '/starter');
});

test('a build followed after a reload is stopped part-way and keeps what it found', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize(WIDE);
  await signUp(page, newUser('stopper'));
  await page.goto('/starter?color=black');
  await expect(page.getByLabel('Black', { exact: true })).toBeChecked();
  const line = page.getByLabel('Your first moves');
  await expect(line).toHaveAttribute('placeholder', '1. e4 c6');
  await expect(page.getByRole('group', { name: 'Quick picks' }).getByRole('button')).toHaveText([
    '1. e4 c5',
    '1. e4 e5',
    '1. e4 c6',
    '1. d4 d5',
    '1. d4 Nf6',
  ]);
  // The colour is in the address: White's form, with White's picks.
  await page.getByLabel('White', { exact: true }).click();
  await expect(page).toHaveURL(/color=white/);
  await expect(page.getByLabel('White', { exact: true })).toBeChecked();
  await expect(line).toHaveAttribute('placeholder', '1. e4');
  await page.getByRole('group', { name: 'Quick picks' }).getByRole('button', { name: '1. d4' }).click();
  // A rare goal: far more lookups than the test waits for.
  await page.getByLabel('Answer every reply met in at least 1 in … games').fill('5000');
  await page.getByRole('button', { name: 'Build my repertoire' }).click();
  const counts = page.getByTestId('starter-counts');
  await expect(counts).toHaveText(/^([5-9]|\d{2,}) of [\d,]+ positions looked up/, { timeout: 60_000 });

  // Back after a reload: the page finds the running build and follows it by asking again.
  await page.reload();
  const bar = page.getByRole('progressbar', { name: 'Build progress' });
  await expect(bar).toBeVisible();
  const before = Number(await bar.getAttribute('aria-valuenow'));
  await expect(page.getByRole('button', { name: 'Building…' })).toBeDisabled();
  await expect(counts).not.toHaveText((await counts.textContent())!, { timeout: 10_000 });
  expect(before).toBeGreaterThanOrEqual(0);

  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  const result = page.getByRole('region', { name: 'Your White starter: 1. d4' });
  await expect(result).toHaveAttribute('data-status', 'stopped', { timeout: 20_000 });
  await expect(result.getByTestId('starter-status')).toHaveText(/^Stopped: kept what it found, [\d,]+ positions\.$/);
  await expect(bar).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Build my repertoire' })).toBeEnabled();
  for (const size of [WIDE, NARROW]) {
    await page.setViewportSize(size);
    await saveScreen(page, 'starter-stopped');
  }
});
