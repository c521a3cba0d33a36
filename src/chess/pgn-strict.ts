/**
 * Text the PGN reader passes over: chessops's parser takes only what looks like a move, NAG, bracket
 * or result and steps over anything else, so a file with `2. Qxz9` reads as a shorter repertoire
 * without a word. findUnreadToken walks the text as that parser does (tags, comments, `;` and `%`
 * line comments, blank lines between games) and names the first word it would have stepped over.
 * readPgnFully adds the replay, so a text it accepts reads completely, every move legal.
 *
 *   findUnreadToken('1. e4 e5 2. Qxz9 Nc6').message === 'Game 1 "Game 1": 2. Qxz9 is not a move'
 */
import { Result } from '@badrap/result';
import { gameName, moveLabel, parseGames, PgnParseError } from './pgn.js';

// chessops's own move-text token, so both readers cut the text alike.
const TOKEN =
  /(?:[NBKRQ]?[a-h]?[1-8]?[-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?|[pnbrqkPNBRQK]?@[a-h][1-8]|[O0o][-–—][O0o](?:[-–—][O0o])?)[+#]?|--|Z0|0000|@@@@|{|;|\$\d{1,4}|[?!]{1,2}|\(|\)|\*|1[-–—]0|0[-–—]1|1\/2[-–—]1\/2/g;
const HEADER = /^\s*\[([A-Za-z0-9][A-Za-z0-9_+#=:-]*)\s+"((?:[^"\\]|\\"|\\\\)*)"\]/;
const BLANK = /^\s*$/;
/** Move numbers ('12.', '12...'), annotation words ('e.p.', novelty marks). */
const KNOWN_WORD = /^(?:\d+\s*(?:\.|…)*|e\.?p\.?|T?N)$/i;
/** A word left over is harmless without a letter or digit: evaluation signs, stray punctuation. */
const MEANINGFUL = /[A-Za-z0-9]/;
const isMove = (token: string) => /^[A-Za-z0-9@-]/.test(token) && !/^(?:1[-–—]0|0[-–—]1|1\/2)/.test(token);

type State = 'pre' | 'headers' | 'moves' | 'comment';

/** The first word of `text` the PGN reader would step over, as an error naming game, move and word. */
export const findUnreadToken = (text: string): PgnParseError | undefined => {
  let state: State = 'pre';
  let index = 0;
  let headers = new Map<string, string>();
  // Plies played in each open variation, the main line first.
  let plies = [0];
  let found = false;
  const endGame = () => {
    if (found) index++;
    found = false;
    state = 'pre';
    headers = new Map();
    plies = [0];
  };
  const lines = text.replace(/^\ufeff/, '').split(/\r?\n/);
  for (const whole of lines) {
    let line = whole;
    let fresh = true;
    if (state === 'comment') {
      const close = line.indexOf('}');
      if (close === -1) continue;
      line = line.slice(close + 1);
      state = 'moves';
      fresh = false;
    }
    if (state === 'pre') {
      if (BLANK.test(line) || line.startsWith('%')) continue;
      found = true;
      state = 'headers';
    }
    if (state === 'headers') {
      if (line.startsWith('%')) continue;
      for (let m = HEADER.exec(line); m; m = HEADER.exec(line)) {
        headers.set(m[1], m[2].replace(/\\"/g, '"').replace(/\\\\/g, '\\'));
        line = line.slice(m[0].length);
        fresh = false;
      }
      if (BLANK.test(line)) continue;
      state = 'moves';
    }
    if (fresh) {
      if (line.startsWith('%')) continue;
      if (BLANK.test(line)) {
        endGame();
        continue;
      }
    }
    const fault = readMoves(line, plies);
    if (fault === 'comment') state = 'comment';
    else if (fault !== undefined) return unreadError(fault, headers, index, plies);
  }
  return undefined;
};

/**
 * Reads a line of move text, counting plies; returns 'comment' when a comment runs on past the line,
 * or the first word that is not PGN.
 */
function readMoves(line: string, plies: number[]): string | 'comment' | undefined {
  let at = 0;
  let rest = line;
  // Where the last move token began, and the plies before it: a word holding it is named from there.
  let lastMove = { at: -1, plies: 0 };
  for (;;) {
    TOKEN.lastIndex = at;
    const match = TOKEN.exec(rest);
    const gap = rest.slice(at, match ? match.index : rest.length);
    const unknown = unknownWord(gap, rest, at);
    if (unknown !== undefined) {
      if (unknown.start <= lastMove.at) plies[plies.length - 1] = lastMove.plies;
      return unknown.word;
    }
    if (!match) return undefined;
    const token = match[0];
    if (isMove(token)) lastMove = { at: match.index, plies: plies[plies.length - 1] };
    at = TOKEN.lastIndex;
    if (token === ';') return undefined;
    if (token === '{') {
      const close = rest.indexOf('}', at);
      if (close === -1) return 'comment';
      rest = rest.slice(close + 1);
      at = 0;
      lastMove = { at: -1, plies: 0 };
    } else if (token === '(') plies.push(Math.max(0, plies[plies.length - 1] - 1));
    else if (token === ')') {
      if (plies.length > 1) plies.pop();
    } else if (isMove(token)) plies[plies.length - 1]++;
  }
}

/** The whole word around the first meaningful text in `gap` (which starts at `from` in `line`). */
function unknownWord(gap: string, line: string, from: number): { word: string; start: number } | undefined {
  for (const piece of gap.matchAll(/\S+/g)) {
    const word = piece[0];
    if (!MEANINGFUL.test(word) || KNOWN_WORD.test(word)) continue;
    // A word the token pattern cuts into pieces ('Qxa1z') is named whole.
    let start = from + piece.index;
    let end = start + word.length;
    while (start > 0 && !/[\s(){}]/.test(line[start - 1])) start--;
    while (end < line.length && !/[\s(){}]/.test(line[end])) end++;
    return { word: line.slice(start, end), start };
  }
  return undefined;
}

function unreadError(word: string, headers: Map<string, string>, index: number, plies: number[]): PgnParseError {
  const name = gameName(headers, index);
  const fen = (headers.get('FEN') ?? '').split(/\s+/);
  const startFullmoves = Math.max(1, Number.parseInt(fen[5] ?? '1', 10) || 1);
  const startPly = (startFullmoves - 1) * 2 + (fen[1] === 'b' ? 1 : 0);
  const ply = startPly + plies[plies.length - 1];
  const move = moveLabel(Math.floor(ply / 2) + 1, ply % 2 === 0 ? 'white' : 'black', word);
  return new PgnParseError('not_a_move', `Game ${index + 1} "${name}": ${move} is not a move`, index, name, move);
}

/**
 * The text read in full: no word stepped over and every move legal (a replay). The error names the
 * game, the move number and the token.
 */
export const readPgnFully = (text: string): Result<void, PgnParseError> => {
  const unread = findUnreadToken(text);
  if (unread) return Result.err(unread);
  const played = parseGames(text);
  return played.isErr ? Result.err(played.error) : Result.ok(undefined);
};
