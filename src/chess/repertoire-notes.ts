/**
 * Reading a repertoire's annotations: what the study says about a move (its comment, shapes and glyphs),
 * and what it says about the moves that lead into a position (its comments and shapes, with the
 * introduction of each chapter that starts there).
 *
 *   moveAnnotation(rep, keyAfterE4, 'e7e5') -> { comment: 'The open game.', shapes: [], glyphs: ['!'] }
 *   notesInto(rep).get(keyAfterE4E5)        -> { comment: 'The open game.', shapes: [] }
 */
import { joinComments, noteKey, type Annotation, type MoveNote, type Shape } from './annotations.js';
import { positionKey } from './fen.js';
import type { Repertoire } from './repertoire.js';

/** What is said about the moves into a position. */
export interface BeforeNote {
  comment: string;
  shapes: Shape[];
}

/** The study's comments, then the player's own note. */
const withOwn = (note: MoveNote): readonly string[] => (note.own ? [...note.comments, note.own] : note.comments);

/** The player's own note on a move ('' when none). */
export const ownNote = (rep: Repertoire, key: string, uci: string): string =>
  rep.notes.get(noteKey(key, uci))?.own ?? '';

const NOTHING: Annotation = Object.freeze({ comment: '', shapes: [], glyphs: [] });
export const NOTHING_BEFORE: BeforeNote = Object.freeze({ comment: '', shapes: [] });

export const moveAnnotation = (rep: Repertoire, key: string, uci: string): Annotation => {
  const note = rep.notes.get(noteKey(key, uci));
  if (note === undefined) return NOTHING;
  return { comment: joinComments(withOwn(note)), shapes: note.shapes, glyphs: note.glyphs };
};

/**
 * By position key, what the repertoire says about the moves leading there (any chapter, moves still in
 * the repertoire only) and, at a chapter's start, its introduction; distinct texts once each.
 */
export const notesInto = (rep: Repertoire): Map<string, BeforeNote> => {
  const texts = new Map<string, string[]>();
  const shapes = new Map<string, Shape[]>();
  const add = (key: string, comments: readonly string[], more: readonly Shape[]) => {
    let known = texts.get(key);
    if (known === undefined) texts.set(key, (known = []));
    for (const c of comments) if (!known.includes(c)) known.push(c);
    let drawn = shapes.get(key);
    if (drawn === undefined) shapes.set(key, (drawn = []));
    for (const s of more)
      if (!drawn.some((d) => d.orig === s.orig && d.dest === s.dest && d.brush === s.brush)) drawn.push(s);
  };
  for (const chapter of rep.chapters)
    if (chapter.intro)
      add(positionKey(chapter.startFen), chapter.intro.text ? [chapter.intro.text] : [], chapter.intro.shapes);
  for (const [key, note] of rep.notes) {
    if (note.comments.length === 0 && note.shapes.length === 0 && !note.own) continue;
    const bar = key.lastIndexOf('|');
    const from = rep.positions.get(key.slice(0, bar));
    const uci = key.slice(bar + 1);
    if (from === undefined || !from.moves.some((m) => m.uci === uci)) continue;
    add(note.to, withOwn(note), note.shapes);
  }
  const into = new Map<string, BeforeNote>();
  for (const [key, comments] of texts) into.set(key, { comment: joinComments(comments), shapes: shapes.get(key)! });
  return into;
};
