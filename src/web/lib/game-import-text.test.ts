import { describe, expect, test } from 'vitest';
import { agoText, siteImportError, siteImportStatus } from './game-import-text';

const NOW = Date.parse('2025-06-01T12:00:00Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('agoText', () => {
  test.each([
    [0, 'just now'],
    [59_000, 'just now'],
    [-30_000, 'just now'],
    [MIN, '1 min ago'],
    [5 * MIN + 20_000, '5 min ago'],
    [59 * MIN, '59 min ago'],
    [60 * MIN, '1 h ago'],
    [23 * 60 * MIN, '23 h ago'],
    [24 * 60 * MIN, 'yesterday'],
    [3 * 24 * 60 * MIN, '3 days ago'],
  ])('%i ms before now reads %s', (ms, expected) => {
    expect(agoText(before(ms), NOW)).toBe(expected);
  });

  test('a time that cannot be read is just now, not NaN', () => {
    expect(agoText('not a time', NOW)).toBe('just now');
  });
});

describe('siteImportStatus', () => {
  test('says when the site was checked and how many games came in', () => {
    expect(siteImportStatus({ checked_at: before(5 * MIN), imported: 3, error: null }, NOW)).toBe(
      'checked 5 min ago · 3 games brought in',
    );
    expect(siteImportStatus({ checked_at: before(2 * 60 * MIN), imported: 1, error: null }, NOW)).toBe(
      'checked 2 h ago · 1 game brought in',
    );
  });

  test('a check that found nothing says so', () => {
    expect(siteImportStatus({ checked_at: before(MIN), imported: 0, error: null }, NOW)).toBe(
      'checked 1 min ago · no new games',
    );
  });

  test('a site never checked says so', () => {
    expect(siteImportStatus({ checked_at: null, imported: 0, error: null }, NOW)).toBe('not checked yet');
  });

  test('a failed check leaves the count to the error line', () => {
    expect(siteImportStatus({ checked_at: before(10 * MIN), imported: 0, error: 'timed out' }, NOW)).toBe(
      'checked 10 min ago',
    );
  });
});

describe('siteImportError', () => {
  test("names the site before the site's error, on one line", () => {
    expect(siteImportError({ site: 'chesscom', error: 'Chess.com did not answer\n(503)' })).toBe(
      'Chess.com: Chess.com did not answer (503)',
    );
    expect(siteImportError({ site: 'lichess', error: 'no player named x' })).toBe('Lichess: no player named x');
  });

  test('a site without an error has no line', () => {
    expect(siteImportError({ site: 'lichess', error: null })).toBeUndefined();
    expect(siteImportError({ site: 'lichess', error: '  ' })).toBeUndefined();
  });
});
