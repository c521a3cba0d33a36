/**
 * What a study says about its moves: the comment text (PGN commands such as `[%cal …]`, `[%clk …]` taken
 * out), the arrows and circles of `[%cal]` / `[%csl]`, and the glyphs of the move's NAGs. Kept per
 * (position, move) of a repertoire; several chapters saying the same thing say it once.
 *
 *   parseComment('Develop. [%cal Gg1f3,Rd1h5][%csl Ye5] [%clk 0:05:00]')
 *   -> { text: 'Develop.', shapes: [{orig:'g1',dest:'f3',brush:'green'}, {orig:'d1',dest:'h5',brush:'red'},
 *        {orig:'e5',brush:'yellow'}] }
 */
import type { PgnNodeData } from 'chessops/pgn';

export const BRUSHES = ['green', 'red', 'yellow', 'blue'] as const;
export type Brush = (typeof BRUSHES)[number];

/** An arrow from orig to dest, or a circle on orig when there is no dest. Squares as 'e4'. */
export interface Shape {
  orig: string;
  dest?: string;
  brush: Brush;
}

export interface ParsedComment {
  /** The words, whitespace collapsed; '' when the comment held only commands. */
  text: string;
  shapes: Shape[];
}

/** The study's annotations of one repertoire move, from every chapter that plays it. */
export interface MoveNote {
  /** Key of the position after the move. */
  to: string;
  /** Distinct comment texts, in chapter order. */
  comments: string[];
  shapes: Shape[];
  /** Distinct glyphs ('!', '?!', '±', …), in the order first met. */
  glyphs: string[];
  /** The player's own note (a `comment` edit), shown after the study's words. */
  own?: string;
}

/** What a move's annotations read as: its comment texts joined by a blank line. */
export interface Annotation {
  comment: string;
  shapes: Shape[];
  glyphs: string[];
}

// A comment is read by hand rather than with regular expressions: a study's build reads every comment,
// and this way takes half the expressions' time.
const OPEN = '[%';
const COMMA = 44;
const FILE_A = 97;
const RANK_1 = 49;
const SQUARE_NAMES: readonly string[] = Array.from(
  { length: 64 },
  (_, i) => String.fromCharCode(FILE_A + (i & 7)) + String.fromCharCode(RANK_1 + (i >> 3)),
);
const BRUSH_BY_CODE: Partial<Record<number, Brush>> = { 71: 'green', 82: 'red', 89: 'yellow', 66: 'blue' };
// Whitespace as \s reads it, other than the plain space: where present, runs are collapsed by replace.
const SPACE_RUN = /\s\s|[^\S ]/;

const isLetter = (code: number) => (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
const isSpace = (code: number) =>
  code === 32 || (code >= 9 && code <= 13) || (code > 127 && /\s/.test(String.fromCharCode(code)));

/** The square written at raw[at..at+2), e.g. 'e4'; -1 when it is not one. */
const squareAt = (raw: string, at: number): number => {
  const file = raw.charCodeAt(at) - FILE_A;
  const rank = raw.charCodeAt(at + 1) - RANK_1;
  return file >= 0 && file < 8 && rank >= 0 && rank < 8 ? rank * 8 + file : -1;
};

/** Reads the shapes of a `[%cal …]` or `[%csl …]` argument list, raw[from..to): 'Ge2e4,Rd5' each trimmed. */
const readShapes = (raw: string, from: number, to: number, shapes: Shape[]): void => {
  for (let start = from; start < to;) {
    let end = raw.indexOf(',', start);
    if (end < 0 || end > to) end = to;
    let a = start;
    let b = end;
    while (a < b && isSpace(raw.charCodeAt(a))) a++;
    while (b > a && isSpace(raw.charCodeAt(b - 1))) b--;
    const brush = BRUSH_BY_CODE[raw.charCodeAt(a)];
    const length = b - a;
    const orig = length === 3 || length === 5 ? squareAt(raw, a + 1) : -1;
    const dest = length === 5 ? squareAt(raw, a + 3) : -1;
    if (brush !== undefined && orig >= 0 && (length === 3 || dest >= 0)) {
      const shape: Shape = { orig: SQUARE_NAMES[orig], brush };
      if (dest >= 0 && dest !== orig) shape.dest = SQUARE_NAMES[dest];
      shapes.push(shape);
    }
    start = end + 1;
    if (raw.charCodeAt(end) !== COMMA) break;
  }
};

/**
 * The comment's words and shapes: every `[%name …]` command is taken out (chessops's parseComment keeps
 * unknown ones in the text and wants no space before ']'), `[%cal]` and `[%csl]` read as shapes, and
 * whitespace is collapsed.
 */
export const parseComment = (raw: string): ParsedComment => {
  const shapes: Shape[] = [];
  let text = '';
  let kept = 0;
  for (let at = raw.indexOf(OPEN); at >= 0; at = raw.indexOf(OPEN, at + 1)) {
    let args = at + 2;
    while (args < raw.length && isLetter(raw.charCodeAt(args))) args++;
    if (args === at + 2) continue;
    const end = raw.indexOf(']', args);
    if (end < 0) break;
    const name = raw.slice(at + 2, args);
    if (name === 'cal' || name === 'csl') readShapes(raw, args, end, shapes);
    text += raw.slice(kept, at) + ' ';
    kept = end + 1;
    at = end;
  }
  text = kept === 0 ? raw : text + raw.slice(kept);
  if (SPACE_RUN.test(text)) text = text.replace(/\s+/g, ' ');
  return { text: text.trim(), shapes };
};

/** Lichess's glyphs for the standard NAGs; any other NAG reads as `$n`. */
const GLYPHS: Record<number, string> = {
  1: '!',
  2: '?',
  3: '!!',
  4: '??',
  5: '!?',
  6: '?!',
  7: '□',
  10: '=',
  13: '∞',
  14: '⩲',
  15: '⩱',
  16: '±',
  17: '∓',
  18: '+−',
  19: '−+',
  22: '⨀',
  32: '↑↑',
  36: '↑',
  40: '→',
  44: '=∞',
  132: '⇆',
  138: '⊕',
  140: '∆',
  146: 'N',
};

export const glyphOf = (nag: number): string => GLYPHS[nag] ?? `$${nag}`;

/** The notes map's key of a move: its position's key and its UCI. */
export const noteKey = (positionKey: string, uci: string): string => `${positionKey}|${uci}`;

const sameShape = (a: Shape, b: Shape) => a.orig === b.orig && a.dest === b.dest && a.brush === b.brush;

/** The note of `key`, made empty when it has none yet. */
const ensureNote = (notes: Map<string, MoveNote>, key: string, note: MoveNote | undefined, to: string): MoveNote => {
  if (note !== undefined) return note;
  const made: MoveNote = { to, comments: [], shapes: [], glyphs: [] };
  notes.set(key, made);
  return made;
};

/** Adds one raw comment's words and shapes to the note, each said once; returns the note. */
const addComment = (
  notes: Map<string, MoveNote>,
  key: string,
  note: MoveNote | undefined,
  to: string,
  raw: string,
): MoveNote | undefined => {
  const parsed = parseComment(raw);
  if (parsed.text !== '' && !note?.comments.includes(parsed.text))
    (note = ensureNote(notes, key, note, to)).comments.push(parsed.text);
  for (const shape of parsed.shapes)
    if (!note?.shapes.some((s) => sameShape(s, shape))) (note = ensureNote(notes, key, note, to)).shapes.push(shape);
  return note;
};

/** Adds what a PGN move says to the notes of (position, move); only called for moves with a comment or NAG. */
export const addMoveNote = (
  notes: Map<string, MoveNote>,
  positionKey: string,
  uci: string,
  to: string,
  data: PgnNodeData,
): void => {
  const key = noteKey(positionKey, uci);
  let note = notes.get(key);
  const { startingComments, comments, nags } = data;
  if (startingComments !== undefined) for (const raw of startingComments) note = addComment(notes, key, note, to, raw);
  if (comments !== undefined) for (const raw of comments) note = addComment(notes, key, note, to, raw);
  if (nags !== undefined)
    for (const nag of nags) {
      const glyph = glyphOf(nag);
      if (!note?.glyphs.includes(glyph)) (note = ensureNote(notes, key, note, to)).glyphs.push(glyph);
    }
};

/** A chapter's introduction: the comment before its first move; undefined when it says nothing. */
export const parseIntro = (comments: readonly string[] | undefined): ParsedComment | undefined => {
  if (comments === undefined || comments.length === 0) return undefined;
  const texts: string[] = [];
  const shapes: Shape[] = [];
  for (const raw of comments) {
    const parsed = parseComment(raw);
    if (parsed.text !== '') texts.push(parsed.text);
    shapes.push(...parsed.shapes);
  }
  return texts.length > 0 || shapes.length > 0 ? { text: texts.join('\n\n'), shapes } : undefined;
};

export const joinComments = (comments: readonly string[]): string => comments.join('\n\n');
