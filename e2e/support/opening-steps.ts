import { expect, type Page } from '@playwright/test';

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
