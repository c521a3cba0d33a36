import { describe, expect, test } from 'vitest';
import { colorMismatchText, heroColorFromPgn } from './hero-color';

const GAME = '[Event "Casual"]\n[White "alice"]\n[Black "Bob"]\n\n1. e4 c5 *';

describe('the player’s colour in a game to compare', () => {
  test.each([
    [['bob'], 'black'],
    [['ALICE'], 'white'],
    [[' alice ', null], 'white'],
    [['carol', undefined], undefined],
    [['alice', 'bob'], undefined],
    [[], undefined],
  ] as const)('names %j give %s', (names, color) => {
    expect(heroColorFromPgn(GAME, names)).toBe(color);
  });

  test('a PGN without player tags does not say', () => {
    expect(heroColorFromPgn('1. e4 c5 *', ['alice'])).toBeUndefined();
  });

  test('the warning names both colours', () => {
    expect(colorMismatchText('black', 'white')).toBe(
      'Note: you had Black in this game, so it is compared with the opening as Black (the opening properties say White).',
    );
  });
});
