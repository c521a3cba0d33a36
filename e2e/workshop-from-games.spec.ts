import { expect, test } from '@playwright/test';
import { signUp } from './support/account-steps';
import { DESKTOP } from './support/screens';
import { newUser } from './support/users';
import { setStudy, storeStudiesAsThibault } from './support/opening-steps';
import { exactly } from './support/text';

// The workshop opened from a game: Games vs Repertoire's opponent surprises and a game comparison
// lead to the position after the opponent's move, and the answer added there leaves the report.

test('an opponent surprise in Games vs Repertoire is answered in the workshop and leaves the report', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('wsreport'));
  const headers = {
    'X-XSRF-TOKEN': (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '',
  };
  await storeStudiesAsThibault(page, headers);

  const runReport = async () => {
    await page.goto('/repertoire_report');
    await page.getByRole('checkbox', { name: 'Recent Lichess games' }).setChecked(true);
    await page.getByRole('checkbox', { name: 'Recent Chess.com games' }).setChecked(false);
    await page.getByRole('button', { name: 'Run Report' }).click();
    await expect(page.getByTestId('rr-compared')).toBeVisible();
    return page.getByRole('region', { name: /^Opponents surprised you/ }).locator('.rr-line');
  };
  const before = await page.request.post('/api/repertoire-report', { data: { sources: ['lichess'] }, headers });
  const first = (await before.json()).api_data.left_by_opponent[0] as { fen: string; played_san: string };
  const surprises = await runReport();
  await expect(surprises.first()).toBeVisible();
  const line = (await surprises.first().textContent())!.trim();
  await page
    .getByRole('region', { name: /^Opponents surprised you/ })
    .getByTestId('rr-workshop-link')
    .first()
    .click();
  await expect(page).toHaveURL(/\/repertoire\?/);
  expect(new URL(page.url()).searchParams.get('line')).toBe(line);
  const add = page.getByTestId('suggested-answer').getByRole('button', { name: /^Add / });
  await expect(add).toBeVisible({ timeout: 20_000 });
  await add.click();
  await expect(page.getByTestId('edit')).toHaveCount(1);

  // Run again: the surprise is answered now, and the report still lists others.
  const again = await runReport();
  await expect(again.first()).toBeVisible();
  await expect(again.filter({ hasText: exactly(line) })).toHaveCount(0);
  const report = await page.request.post('/api/repertoire-report', { data: { sources: ['lichess'] }, headers });
  const surprised = (await report.json()).api_data.left_by_opponent as { fen: string; played_san: string }[];
  expect(surprised.length).toBeGreaterThan(0);
  expect(surprised.some((d) => d.fen === first.fen && d.played_san === first.played_san)).toBe(false);
});

test('a game comparison opens the workshop after the opponent’s move, and the answer added there counts', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, newUser('wscompare'));
  await setStudy(page, 'White', 'kings-gambit.pgn', '1. e4 e5 2. f4 exf4 3. Nf3 g5 *\n\n\n1. e4 e5 2. f4 d5 3. exd5 *');
  // thibault's newest game (he has White): 1. e4 e5 2. f4 Nc6, a reply the repertoire does not cover.
  await page.goto('/game_review');
  await page.getByRole('button', { name: 'Get Lichess Game' }).click();
  const picker = page.getByRole('dialog', { name: 'Lichess games' });
  await picker.getByLabel('Lichess username').fill('thibault');
  await picker.getByLabel('Lichess username').blur();
  await picker.getByRole('list', { name: 'Recent Lichess games' }).getByRole('button').first().click();
  await expect(picker).toBeHidden();
  const panel = page.getByRole('region', { name: 'Opening' });
  const results = panel.getByLabel('Opening comparison results');
  await panel.getByRole('button', { name: 'Compare Game to Opening' }).click();
  await expect(results).toContainText('they played 2... Nc6');

  await panel.getByRole('link', { name: 'Open in Repertoire' }).click();
  await expect(page).toHaveURL(/\/repertoire\?/);
  expect(new URL(page.url()).searchParams.get('line')).toBe('1. e4 e5 2. f4 Nc6');
  await expect(page.getByRole('group', { name: /Repertoire board/ })).toHaveAttribute(
    'data-fen',
    'r1bqkbnr/pppp1ppp/2n5/4p3/4PP2/8/PPPP2PP/RNBQKBNR w KQkq - 1 3',
  );
  const add = page.getByTestId('suggested-answer').getByRole('button', { name: /^Add / });
  await expect(add).toBeVisible({ timeout: 20_000 });
  const answer = (await add.textContent())!.replace(/^Add /, '').trim();
  await add.click();
  await expect(page.getByTestId('edit')).toHaveCount(1);

  // Compared again, the game follows the added answer: it leaves the repertoire later, or not at all.
  await page.goBack();
  await expect(page).toHaveURL(/\/game_review/);
  await panel.getByRole('button', { name: 'Compare Game to Opening' }).click();
  await expect
    .poll(async () => {
      const text = (await results.textContent()) ?? '';
      return text.includes('Game: thibault vs.') && !text.includes('they played 2... Nc6');
    })
    .toBe(true);
  expect(answer).not.toBe('');
});
