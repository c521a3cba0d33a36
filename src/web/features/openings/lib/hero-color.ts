// Whose side the player had in a game to compare. A retrieved game says so; a pasted or uploaded PGN
// says so when one of its White / Black tags is one of the player's names.
// Example: heroColorFromPgn('[White "a"]\n[Black "Bob"]\n\n1. e4 *', ['bob']) -> 'black'
import type { Color } from '../api/types';

const tag = (text: string, name: string): string | undefined =>
  new RegExp(`^\\[${name}\\s+"([^"]*)"\\]`, 'm').exec(text)?.[1];

/** The colour whose player tag matches one of `names` (case-insensitive); undefined when neither or both do. */
export function heroColorFromPgn(text: string, names: readonly (string | null | undefined)[]): Color | undefined {
  const wanted = new Set(names.map((n) => n?.trim().toLowerCase()).filter((n): n is string => !!n));
  const white = wanted.has(tag(text, 'White')?.trim().toLowerCase() ?? '');
  const black = wanted.has(tag(text, 'Black')?.trim().toLowerCase() ?? '');
  if (white === black) return undefined;
  return white ? 'white' : 'black';
}

/** Said before the comparison when the game's colour is not the one chosen under the opening properties. */
export const colorMismatchText = (game: Color, chosen: Color) =>
  `Note: you had ${game === 'white' ? 'White' : 'Black'} in this game, so it is compared with the opening as ${
    game === 'white' ? 'White' : 'Black'
  } (the opening properties say ${chosen === 'white' ? 'White' : 'Black'}).`;
