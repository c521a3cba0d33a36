import { describe, expect, test } from 'vitest';
import { coverageProgressText, estimatedTimeText, sorryText } from './messages';
import { EmptyFileError, readChosenFile } from './read-file';

describe('opening screen wording', () => {
  test('coverage progress counts positions', () => {
    expect(coverageProgressText(3, 40)).toBe('Getting data from Lichess for: 3 of 40 positions');
  });

  test.each([
    [0, 'under a minute'],
    [1, '1 minute'],
    [30, '30 minutes'],
  ])('an estimate of %i minutes reads %s', (minutes, text) => {
    expect(estimatedTimeText(minutes)).toBe(text);
  });

  test('an empty file says so, without the failure text', async () => {
    const empty = new File(['  \n'], 'empty.pgn');
    const error = await readChosenFile(empty).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmptyFileError);
    expect(sorryText(error)).toBe('The file empty.pgn is empty');
    expect(await readChosenFile(undefined)).toBeUndefined();
    expect(sorryText(new Error('boom'))).toMatch(/^Sorry\.\.\.something went wrong.*: boom$/);
  });
});
