/** Splitting PGN text into games' raw texts, and telling PGN text at a glance. */

/**
 * The raw text of each game of a multi-game PGN (an export, a study), each ending in one newline. A
 * game starts at a tag line after a blank line; blank lines inside a game's tag section, inside a
 * comment or between its tags and moves do not split it. CRLF line ends and a byte order mark are read.
 *
 *   splitPgn('[Event "a"]\n\n1. e4 *\n\n\n[Event "b"]\n\n1. d4 *\n') // two games
 */
export const splitPgn = (text: string): string[] => {
  const chunks = text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n(?=[ \t]*\[[A-Za-z0-9])/);
  const games: string[] = [];
  let pending = '';
  for (const chunk of chunks) {
    const joined = pending ? `${pending}\n\n${chunk}` : chunk;
    const headersOnly = joined.split('\n').every((line) => line.trim() === '' || line.trimStart().startsWith('['));
    if (headersOnly) pending = joined;
    else {
      pending = '';
      if (joined.trim() !== '') games.push(`${joined.trim()}\n`);
    }
  }
  if (pending.trim() !== '') games.push(`${pending.trim()}\n`);
  return games;
};

/** True when the text starts like PGN: a tag pair, a move number or a result, maybe after comments. */
export function looksLikePgn(text: string): boolean {
  const start = /^\s*(?:\{[^}]*\}\s*)*(\[[A-Za-z0-9_]+\s+"|\d+\s*\.|\*|1-0|0-1|1\/2-1\/2)/;
  return start.test(text.replace(/^\uFEFF/, ''));
}
