import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { GameReview } from '@contract/game-reviews';
import { makeLinePgnWithSetup } from '../../../../chess/pgn-write';
import { Board, START_FEN } from '../../../components/board';
import { analysisLinkAt, clampStep, fenAt, moveText, readGameLine, type GameLine } from '../game-line';
import { reviewHeading } from '../review-text';
import { MistakesBox } from './mistakes-box';
import { MoveList } from './move-list';
import { NotesBox } from './notes-box';
import { Icon, type IconName } from './step-icons';

/** The position shown on the board, as 'Make Card' hands it on. */
export type ReviewPosition = {
  review: GameReview;
  /** Full FEN on the board. */
  fen: string;
  /** Moves from the game's start to here, as PGN (with FEN/SetUp tags for a set-up start). */
  pgn: string;
  /** Half-moves played; 0 is the start. */
  ply: number;
  /** The board's orientation: the player's colour unless flipped. */
  orientation: 'white' | 'black';
};

export const COMING_SOON = 'coming soon';

export type ReviewWorkspaceProps = {
  review: GameReview;
  /** Buttons placed beside the board's own controls (Get Game buttons). */
  toolbar: ReactNode;
  onMakeCard?: (position: ReviewPosition) => void;
  /** Half-moves to show first (0 = the start); clamped to the game. */
  initialStep?: number;
};

/** The selected game: heading, board with stepping, moves, analysis link, Make Card, PGN and Notes. Remount per review. */
export function ReviewWorkspace({ review, toolbar, onMakeCard, initialStep = 0 }: ReviewWorkspaceProps) {
  const line = useMemo(() => readGameLine(review.pgn), [review.pgn]);
  const heroSide = review.hero_color === 'Black' ? 'black' : 'white';
  const [flipped, setFlipped] = useState(false);
  const orientation = flipped ? (heroSide === 'white' ? 'black' : 'white') : heroSide;
  const game = line.isOk ? line.value : undefined;
  const stepper = useStepper(game, initialStep);
  const fen = game ? fenAt(game, stepper.step) : START_FEN;
  const last = game && stepper.step > 0 ? game.moves[stepper.step - 1] : undefined;

  return (
    <div className="board-layout gr-workspace">
      <div className="board-layout-main gr-board-column">
        <h2 className="gr-heading">{reviewHeading(review)}</h2>
        <Board
          fen={fen}
          orientation={orientation}
          lastMove={last && { from: last.from, to: last.to }}
          id="review-board"
        />
        <div className="gr-controls" role="toolbar" aria-label="Board controls">
          <StepButton icon="first" label="Rewind to start" onClick={stepper.rewind} disabled={stepper.step === 0} />
          <StepButton icon="back" label="Step back" onClick={stepper.back} disabled={stepper.step === 0} />
          <span className="gr-step-label" aria-live="polite">
            {last ? moveText(last) : 'Start'}
          </span>
          <StepButton icon="forward" label="Step forward" onClick={stepper.forward} disabled={stepper.atEnd} />
          <StepButton icon="last" label="Fast forward to end" onClick={stepper.end} disabled={stepper.atEnd} />
          <StepButton icon="flip" label="Flip board" onClick={() => setFlipped((f) => !f)} pressed={flipped} />
        </div>
      </div>
      <div className="board-layout-side gr-side">
        {toolbar}
        {line.isErr && (
          <p className="form-message is-error" role="alert">
            This game's moves cannot be shown: {line.error.message}
          </p>
        )}
        {game && <MoveList moves={game.moves} step={stepper.step} onStep={stepper.goTo} />}
        <div className="gr-actions">
          <a
            className={`button${game ? '' : ' is-disabled'}`}
            href={game ? analysisLinkAt(game, stepper.step, orientation) : undefined}
            aria-disabled={game ? undefined : true}
            target="_blank"
            rel="noopener noreferrer"
          >
            Analyse on Lichess <Icon name="external" />
          </a>
          <button
            type="button"
            className="button"
            disabled={!onMakeCard || !game}
            title={onMakeCard ? undefined : COMING_SOON}
            onClick={() =>
              game &&
              onMakeCard?.({
                review,
                fen,
                pgn: makeLinePgnWithSetup(
                  game.startFen,
                  game.moves.slice(0, stepper.step).map((m) => m.san),
                ),
                ply: stepper.step,
                orientation,
              })
            }
          >
            Make Card
          </button>
        </div>
        <NotesBox key={review.id} review={review} />
        {game && (
          <MistakesBox
            review={review}
            moves={game.moves}
            step={stepper.step}
            fenBefore={fenAt(game, Math.max(0, stepper.step - 1))}
            onGoTo={stepper.goTo}
          />
        )}
        <div className="field gr-pgn">
          <label htmlFor="gr-pgn-text">PGN</label>
          <textarea id="gr-pgn-text" readOnly rows={5} value={review.pgn} spellCheck={false} />
        </div>
      </div>
    </div>
  );
}

function StepButton(props: {
  icon: IconName;
  label: string;
  onClick: () => void;
  disabled?: boolean;
  pressed?: boolean;
}) {
  return (
    <button
      type="button"
      className="button gr-step"
      aria-label={props.label}
      title={props.label}
      aria-pressed={props.pressed}
      // aria-disabled rather than disabled: a key press must not drop the focus off the button.
      aria-disabled={props.disabled || undefined}
      onClick={props.disabled ? undefined : props.onClick}
    >
      <Icon name={props.icon} />
    </button>
  );
}

/** Step 0..n through the game (Board stepping), with arrow keys, Home and End anywhere on the page. */
function useStepper(line: GameLine | undefined, initialStep: number) {
  const [step, setStep] = useState(() => (line ? clampStep(line, initialStep) : 0));
  const total = line?.moves.length ?? 0;
  const goTo = useCallback((next: number) => setStep(line ? clampStep(line, next) : 0), [line]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      const moves: Record<string, (s: number) => number> = {
        ArrowLeft: (s) => s - 1,
        ArrowRight: (s) => s + 1,
        ArrowUp: () => 0,
        Home: () => 0,
        ArrowDown: () => total,
        End: () => total,
      };
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      setStep((s) => Math.max(0, Math.min(total, move(s))));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [total]);

  return {
    step,
    atEnd: step >= total,
    goTo,
    rewind: () => goTo(0),
    back: () => goTo(step - 1),
    forward: () => goTo(step + 1),
    end: () => goTo(total),
  };
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
  return target.isContentEditable || ['TEXTAREA', 'SELECT'].includes(target.tagName);
}
