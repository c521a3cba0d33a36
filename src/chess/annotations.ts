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

const BRUSH_LETTERS: Record<string, Brush> = { G: 'green', R: 'red', Y: 'yellow', B: 'blue' };

// Any `[%name …]` command; chessops's parseComment keeps unknown ones in the text and wants no space before ']'.
const COMMAND = /\[%([a-zA-Z]+)([^\]]*)\]/g;
const SHAPE = /^([RGYB])([a-h][1-8])([a-h][1-8])?$/;

export const parseComment = (raw: string): ParsedComment => {
  const shapes: Shape[] = [];
  const text = raw.replace(COMMAND, (_, name: string, args: string) => {
    if (name === 'cal' || name === 'csl') {
      for (const token of args.split(',')) {
        const m = SHAPE.exec(token.trim());
        if (!m) continue;
        const shape: Shape = { orig: m[2], brush: BRUSH_LETTERS[m[1]] };
        if (m[3] !== undefined && m[3] !== m[2]) shape.dest = m[3];
        shapes.push(shape);
      }
    }
    return ' ';
  });
  return { text: text.replace(/\s+/g, ' ').trim(), shapes };
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

/** Adds what a PGN move says to the notes of (position, move); only called for moves with a comment or NAG. */
export const addMoveNote = (
  notes: Map<string, MoveNote>,
  positionKey: string,
  uci: string,
  to: string,
  data: PgnNodeData,
): void => {
  const comments = data.startingComments ? [...data.startingComments, ...(data.comments ?? [])] : data.comments;
  const nags = data.nags;
  const key = noteKey(positionKey, uci);
  let note = notes.get(key);
  const ensure = () => {
    if (note === undefined) notes.set(key, (note = { to, comments: [], shapes: [], glyphs: [] }));
    return note;
  };
  if (comments !== undefined)
    for (const raw of comments) {
      const parsed = parseComment(raw);
      if (parsed.text !== '' && !note?.comments.includes(parsed.text)) ensure().comments.push(parsed.text);
      for (const shape of parsed.shapes)
        if (!note?.shapes.some((s) => sameShape(s, shape))) ensure().shapes.push(shape);
    }
  if (nags !== undefined)
    for (const nag of nags) {
      const glyph = glyphOf(nag);
      if (!note?.glyphs.includes(glyph)) ensure().glyphs.push(glyph);
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
