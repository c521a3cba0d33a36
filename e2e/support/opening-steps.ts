import { expect, type Page } from '@playwright/test';
import { readFixture } from '../../test/fixtures';

/** A PGN file as the study form's file field takes it. */
export const pgnFile = (name: string, text: string) => ({
  name,
  mimeType: 'application/x-chess-pgn',
  buffer: Buffer.from(text),
});

/** Sets a colour's opening study from an uploaded PGN on Manage Openings, as a player does. */
export async function setStudy(page: Page, color: 'White' | 'Black', name: string, text: string): Promise<void> {
  await page.goto('/manage_openings');
  const studies = page.getByRole('region', { name: 'Opening Studies' });
  await studies.getByLabel('Or upload a PGN opening file').setInputFiles(pgnFile(name, text));
  await studies.getByRole('button', { name: `Set/Refresh ${color} Opening` }).click();
  await expect(studies.getByRole('status', { name: 'Opening status' })).toHaveText(
    `Done: ${color} opening set to ${name}`,
  );
}

/** The Ruy Lopez study (White) and the Sicilian chapter (Black) of the fixtures. */
export const FIXTURE_STUDIES = {
  white: readFixture('lichess/study_i5a1oOJH_ruy_lopez_2021.pgn'),
  black: readFixture('lichess/study_chapter_8c8bmUfy_current_format_2026.pgn'),
};

/**
 * Stores both fixture studies over the API, as the study form does, and names thibault (whose games the
 * fake Lichess serves) as the player's Lichess account.
 */
export async function storeStudiesAsThibault(page: Page, headers: Record<string, string>): Promise<void> {
  for (const color of ['white', 'black'] as const) {
    const saved = await page.request.post('/api/update-study', {
      data: {
        color,
        exclude_move_indicators: '??',
        link: null,
        study_text: FIXTURE_STUDIES[color],
        title: `${color} study`,
      },
      headers,
    });
    expect(saved.ok()).toBe(true);
  }
  const named = await page.request.post('/api/update-lichess-username', {
    form: { username_lichess: 'thibault' },
    headers,
  });
  expect(named.ok()).toBe(true);
}
