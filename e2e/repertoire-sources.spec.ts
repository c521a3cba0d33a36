import { expect, test, type Page } from '@playwright/test';
import { signUp } from './support/account-steps';
import { saveScreen } from './support/screens';
import { newUser } from './support/users';
import { pgnFile } from './support/opening-steps';

// A Black repertoire from two PGN files: the second added as a source, read with the first as one
// (the drill grows, the consistency check names both), renamed, switched off; a file with a word that
// is not a move is refused with the game, move and word, and nothing changes; switched on again, the
// drill names both sources of a position they share.

const WIDE = { width: 1366, height: 768 };
const NARROW = { width: 390, height: 844 };

const NAJDORF = '[Event "Najdorf"]\n\n1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *';
const CLASSICAL = '[Event "Classical Sicilian"]\n\n1. e4 c5 2. Nf3 Nc6 3. d4 cxd4 4. Nxd4 Nf6 *';
const BAD = '[Event "Bad"]\n\n1. e4 e5 2. Qxz9 Nc6 *';
const LONG_NAME = 'my-coach-course-against-the-open-sicilian-with-every-sideline-annotated-2026-edition.pgn';

const drillTotal = async (page: Page): Promise<number> =>
  (await (await page.request.get('/api/drill/stats?color=black')).json()).api_data.total;

async function switchTheme(page: Page, theme: 'dark' | 'light') {
  const current = await page.evaluate(() => document.documentElement.dataset.theme ?? 'dark');
  if (current === theme) return;
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  if (await menu.isVisible()) await menu.click();
}

test('a second Black source joins the repertoire, is renamed and switched off; a bad file is refused', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize(WIDE);
  await signUp(page, newUser('sources'));
  await page.goto('/manage_openings');
  const studies = page.getByRole('region', { name: 'Opening Studies' });
  await studies.getByLabel('Or upload a PGN opening file').setInputFiles(pgnFile('najdorf.pgn', NAJDORF));
  await studies.getByRole('button', { name: 'Set/Refresh Black Opening' }).click();
  await expect(studies.getByRole('status', { name: 'Opening status' })).toHaveText(
    'Done: Black opening set to najdorf.pgn',
  );
  const black = page.getByRole('region', { name: 'Black sources' });
  await expect(black.getByRole('listitem')).toHaveCount(1);
  await expect(black.getByRole('listitem')).toContainText('najdorf.pgn');
  const before = await drillTotal(page);
  expect(before).toBe(5);

  // The form names the file by its Event tag and says what will happen before it happens.
  const sources = page.getByRole('region', { name: 'Repertoire sources' });
  await sources.getByRole('button', { name: 'Add a source…' }).click();
  const form = sources.getByRole('group', { name: 'Add a source' });
  await form.getByLabel('Or upload a PGN opening file').setInputFiles(pgnFile(LONG_NAME, CLASSICAL));
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Classical Sicilian');
  await expect(form.locator('.op-plan')).toContainText('as black source 2 of 8');
  await form.getByRole('button', { name: 'Add to Black' }).click();
  await expect(form.getByRole('status', { name: 'Add source status' })).toHaveText(
    /Added Classical Sicilian to your black repertoire: \d+ positions/,
  );
  await expect(black.getByRole('listitem')).toHaveCount(2);
  await expect.poll(() => drillTotal(page)).toBeGreaterThan(before);

  // One repertoire: the two answers to 2. Nf3 are a conflict, each named by its source and chapter.
  const consistency = page.getByRole('region', { name: 'Consistency Check' });
  await consistency.getByLabel('Black').check();
  await consistency.getByRole('button', { name: 'Consistency Check' }).click();
  await expect(consistency.getByRole('status', { name: 'Consistency status' })).toHaveText('Done');
  const found = consistency.locator('.op-position');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText('najdorf.pgn: Najdorf');
  await expect(found).toContainText('Classical Sicilian: Classical Sicilian');

  // Renamed inline.
  const second = black.getByRole('listitem').nth(1);
  await second.getByRole('button', { name: 'Rename' }).click();
  await second.getByLabel('Source name').fill('Coach course');
  await second.getByLabel('Source name').press('Enter');
  await expect(black.getByRole('status')).toHaveText('Renamed to Coach course');
  await expect(second).toContainText('Coach course');

  for (const theme of ['dark', 'light'] as const) {
    await switchTheme(page, theme);
    await saveScreen(page, 'repertoire-sources');
  }

  // Switched off: its positions leave the drill.
  await second.getByRole('switch', { name: 'Use Coach course' }).click();
  await expect(black.getByRole('status')).toHaveText('Coach course is off');
  await expect(second).toContainText('switched off');
  await expect.poll(() => drillTotal(page)).toBe(before);

  // A file with a word that is not a move: refused, named, and nothing changes.
  await form.getByLabel('Or upload a PGN opening file').setInputFiles(pgnFile('bad.pgn', BAD));
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('Bad');
  await form.getByRole('button', { name: 'Add to Black' }).click();
  await expect(form.getByRole('status', { name: 'Add source status' })).toHaveText(
    'Refused: The PGN could not be read: Game 1 "Bad": 2. Qxz9 is not a move',
  );
  await expect(black.getByRole('listitem')).toHaveCount(2);
  expect(await drillTotal(page)).toBe(before);

  await page.setViewportSize(NARROW);
  for (const theme of ['dark', 'light'] as const) {
    await switchTheme(page, theme);
    await saveScreen(page, 'repertoire-sources');
    // No sideways scroll with a long file name.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW.width);
  }

  // On again: the drill names both sources of 1. e4 c5, each with its chapter.
  await switchTheme(page, 'dark');
  await page.setViewportSize(WIDE);
  await second.getByRole('switch', { name: 'Use Coach course' }).click();
  await expect(black.getByRole('status')).toHaveText('Coach course is on');
  await page.goto(`/drill?color=black&line=${encodeURIComponent('1. e4')}`);
  const gotIt = page.getByRole('button', { name: 'Got it, ask me' });
  await expect(gotIt.or(page.getByTestId('drill-chapters')).first()).toBeVisible();
  if (await gotIt.isVisible()) await gotIt.click();
  const chapters = page.getByTestId('drill-chapters');
  await expect(chapters).toHaveText(/^Chapters: najdorf\.pgn: Najdorf; Coach course: Classical Sicilian$/);
  await expect(chapters.getByRole('link', { name: 'Coach course: Classical Sicilian' })).toHaveAttribute(
    'href',
    '/manage_openings',
  );
  await saveScreen(page, 'drill-sources', { window: true });
});
