import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BoardMove } from '../../../components/board';
import { StudyComment, TrapNote } from '../../../components/study-note';
import type { DrillColor, DrillItem } from '../api/types';
import { DrillChapters } from './drill-chapters';
import { DrillMoveInput, type Rating } from './drill-move-input';
import type { Phase } from './drill-phase';
import { AnswerComments, LearnPanel } from './drill-teaching';

const promptOf = (phase: Phase, current: DrillItem | undefined): string => {
  switch (phase.kind) {
    case 'asking':
    case 'checking':
      return `Your move${current ? ` (move ${current.move_number})` : ''}`;
    case 'retry':
      return 'Play the repertoire move';
    case 'learning':
    case 'right':
      return '';
    default:
      return 'Setting up the position…';
  }
};

/** Beside the board while a session runs: what to do, how the last move went, and what the study says. */
export function DrillAskPanel({
  color,
  phase,
  note,
  fen,
  rating,
  goOnFen,
  extra,
  workshopHref,
  onReady,
  onGoOn,
  onRating,
  onMove,
  onNote,
}: {
  color: DrillColor;
  phase: Phase;
  note: string;
  fen: string;
  rating: Rating;
  /** Where the session goes on from when the player presses Next. */
  goOnFen?: string;
  /** Shown under the line (All my replies). */
  extra?: ReactNode;
  workshopHref?: (color: DrillColor, line: string) => string;
  onReady: (item: DrillItem) => void;
  onGoOn: (fen: string) => void;
  onRating: (rating: Rating) => void;
  onMove: (move: BoardMove) => void;
  onNote: (note: string) => void;
}) {
  const current = 'item' in phase ? phase.item : undefined;
  const playable = phase.kind === 'asking' || phase.kind === 'retry';
  return (
    <>
      {phase.kind === 'learning' && <LearnPanel item={phase.item} onReady={() => onReady(phase.item)} />}
      <p className="drill-prompt" aria-live="polite">
        {promptOf(phase, current)}
      </p>
      <p
        className={`drill-note${phase.kind === 'right' ? ' is-right' : phase.kind === 'retry' ? ' is-wrong' : ''}`}
        role="status"
        data-testid="drill-note"
      >
        {phase.kind === 'right' && <span aria-hidden="true">✓ </span>}
        {note}
      </p>
      {phase.kind === 'asking' && (
        <>
          <StudyComment comment={phase.item.before.comment} title="Before this move" testId="drill-before" />
          <TrapNote trap={phase.item.trap} testId="drill-trap" />
        </>
      )}
      {phase.kind === 'right' && phase.answer && <AnswerComments answers={[phase.answer]} />}
      {phase.kind === 'retry' && <AnswerComments answers={phase.item.answers} />}
      {phase.kind === 'right' && phase.waits && goOnFen && (
        <button type="button" className="button button-primary" autoFocus onClick={() => onGoOn(goOnFen)}>
          Next
        </button>
      )}
      {current && (
        <p className="muted drill-line" data-testid="drill-line">
          {current.line || 'Start of the chapter'}
          {current.changed && <span className="drill-changed"> · changed in your study</span>}
        </p>
      )}
      {extra}
      {current && workshopHref && (
        <p className="drill-workshop">
          <Link to={workshopHref(color, current.line)}>Open in Repertoire</Link>
        </p>
      )}
      <DrillMoveInput
        fen={fen}
        playable={playable}
        rating={rating}
        onRating={onRating}
        onMove={onMove}
        onNote={onNote}
      />
      {current && <DrillChapters chapters={current.chapters} />}
      <p className="muted key-hint">
        Drag or click a piece, or press <kbd>m</kbd> and type the move.
      </p>
    </>
  );
}
