/**
 * Splits a multi-game PGN export into one string per game. Lichess ends each game with blank lines
 * (usually `\n\n\n`); a new game starts at a tag line after a blank line, so blank lines inside
 * comments or between a game's tags and moves do not split it.
 *
 *   splitPgnGames('[Event "a"]\n\n1. e4 *\n\n\n[Event "b"]\n\n1. d4 *\n') // two games
 */
export function splitPgnGames(text: string): string[] {
  const normalized = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  return normalized
    .split(/\n[ \t]*\n(?:[ \t]*\n)*(?=\[[A-Za-z0-9_]+[ \t]+")/)
    .map((game) => game.trim())
    .filter((game) => game.length > 0);
}

/** True when the text starts like PGN: a tag pair, a move number or a result, maybe after comments. */
export function looksLikePgn(text: string): boolean {
  const start = /^\s*(?:\{[^}]*\}\s*)*(\[[A-Za-z0-9_]+\s+"|\d+\s*\.|\*|1-0|0-1|1\/2-1\/2)/;
  return start.test(text.replace(/^\uFEFF/, ''));
}
