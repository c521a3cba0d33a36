import { useState, type CSSProperties } from 'react';
import type { Arrow } from 'react-chessboard';
import type { DrillTrap } from '@contract/drill';

/** An arrow (orig to dest) or a circle (orig alone) from a study's [%cal] / [%csl]. */
export type StudyShape = { orig: string; dest?: string; brush: 'green' | 'red' | 'yellow' | 'blue' };

// Lichess's brush colours, a little transparent so the pieces show through.
const BRUSH_COLORS: Record<StudyShape['brush'], string> = {
  green: 'rgba(21, 120, 27, 0.8)',
  red: 'rgba(136, 32, 32, 0.8)',
  yellow: 'rgba(230, 143, 0, 0.85)',
  blue: 'rgba(0, 48, 136, 0.8)',
};

/** The board's arrows and circled squares (a ring drawn as a square style) for a study's shapes. */
export function studyShapesOnBoard(shapes: readonly StudyShape[]): {
  arrows: Arrow[];
  squareStyles: Record<string, CSSProperties>;
} {
  const arrows: Arrow[] = [];
  const squareStyles: Record<string, CSSProperties> = {};
  for (const s of shapes) {
    const color = BRUSH_COLORS[s.brush];
    if (s.dest) arrows.push({ startSquare: s.orig, endSquare: s.dest, color });
    else squareStyles[s.orig] = { boxShadow: `inset 0 0 0 0.35rem ${color}`, borderRadius: '50%' };
  }
  return { arrows, squareStyles };
}

/** Past this many characters a comment shows its start and a "Show more" button. */
const FOLD_AT = 220;

/** What the study says, with the move's glyphs; a long comment folds. Nothing when there is nothing to say. */
export function StudyComment({
  comment,
  glyphs = [],
  title,
  testId,
}: {
  comment: string;
  glyphs?: readonly string[];
  /** Shown before the text, e.g. 'Nf3'. */
  title?: string;
  testId?: string;
}) {
  const [open, setOpen] = useState(false);
  if (comment === '' && glyphs.length === 0) return null;
  const long = comment.length > FOLD_AT;
  const shown = long && !open ? `${comment.slice(0, comment.lastIndexOf(' ', FOLD_AT - 20) + 1 || FOLD_AT)}…` : comment;
  return (
    <div className="study-comment" data-testid={testId}>
      {(title || glyphs.length > 0) && (
        <p className="study-comment-title">
          {title}
          {glyphs.length > 0 && <span className="study-comment-glyphs"> {glyphs.join(' ')}</span>}
        </p>
      )}
      {comment !== '' && <p className="study-comment-text">{shown}</p>}
      {long && (
        <button type="button" className="study-comment-fold" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}

/** The opponent's move into the position is a common mistake at the player's bands: the drill says so. */
export function TrapNote({ trap, testId }: { trap?: DrillTrap | null; testId?: string }) {
  if (!trap) return null;
  return (
    <div className="study-comment" data-testid={testId}>
      <p className="study-comment-title">A common mistake here</p>
      <p className="study-comment-text">
        Players at your bands often play {trap.san} here, and lose with it: you score {Math.round(trap.score * 100)}%
        over {trap.games.toLocaleString('en-US')} games. Punish it.
      </p>
    </div>
  );
}
