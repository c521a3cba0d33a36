import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { GameReview } from '@contract/game-reviews';
import type { MistakeTraining } from '@contract/mistake-training';
import { makeLinePgnWithSetup } from '../../../../chess/pgn-write';
import { Board, START_FEN, type BoardArrow } from '../../../components/board';
import type { ReviewMistake } from '@contract/engine';
import { useMistakeTraining } from '../api/mistake-training';
import { useAnalysisDepth, useEngineAnalysis } from '../lib/use-engine-analysis';
import { usePositionLine } from '../lib/use-position-line';
import { AnalysisPanel } from './analysis-panel';
import { AnalysisSummary } from './analysis-summary';
import { LearnMistakes } from './learn-mistakes';
import { EvalBar } from './eval-bar';
import { EvalGraph } from './eval-graph';
import { analysisLinkAt, clampStep, fenAt, moveText, readGameLine, type GameLine } from '../game-line';
import { playerNames, reviewHeading } from '../review-text';
import { MistakesBox } from './mistakes-box';
import { MoveList } from './move-list';
import { NotesBox } from './notes-box';
import { UnsentTries } from './unsent-tries';
import { Icon, type IconName } from './step-icons';
import { OpeningLine } from '../../../components/opening-line';
import { useOpeningNames } from '../../../lib/opening-names';

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
  /** Further practice buttons of a mistake ("Add to drill"), brought by the app. */
  renderMistakeActions?: (mistake: ReviewMistake, training: MistakeTraining | undefined) => ReactNode;
  /** Where a card made from a mistake opens. */
  cardHref?: (cardId: string) => string;
};

const BEST_ARROW = 'rgba(40, 160, 70, 0.85)';

/** The selected game: heading, board with stepping, moves, analysis link, Make Card, PGN and Notes. Remount per review. */
export function ReviewWorkspace({
  review,
  toolbar,
  onMakeCard,
  initialStep = 0,
  renderMistakeActions,
  cardHref = (id) => `/manage_cards?card=${encodeURIComponent(id)}`,
}: ReviewWorkspaceProps) {
  const line = useMemo(() => readGameLine(review.pgn), [review.pgn]);
  const heroSide = review.hero_color === 'Black' ? 'black' : 'white';
  const [flipped, setFlipped] = useState(false);
  const orientation = flipped ? (heroSide === 'white' ? 'black' : 'white') : heroSide;
  const game = line.isOk ? line.value : undefined;
  const stepper = useStepper(game, initialStep);
  const fen = game ? fenAt(game, stepper.step) : START_FEN;
  const last = game && stepper.step > 0 ? game.moves[stepper.step - 1] : undefined;
  const fens = useMemo(() => (game ? [game.startFen, ...game.moves.map((m) => m.fen)] : []), [game]);
  const analysis = useEngineAnalysis(review.id, fens);
  const [depth, setDepth] = useAnalysisDepth();
  const here = analysis.evals.find((e) => e.ply === stepper.step);
  const livePv = usePositionLine(fen, !analysis.running && here !== undefined && !here.pv && Boolean(here.best_uci));
  // Drawn once the analysis is over, so a running one never redraws the board.
  const bestUci = (!analysis.running && here?.best_uci) || undefined;
  // The board is the costliest part to draw: it is drawn again only when its position, orientation or
  // arrow change, not on every step of a running analysis.
  const board = useMemo(() => {
    const arrows: BoardArrow[] = bestUci
      ? [{ startSquare: bestUci.slice(0, 2), endSquare: bestUci.slice(2, 4), color: BEST_ARROW }]
      : [];
    return (
      <Board
        fen={fen}
        orientation={orientation}
        lastMove={last && { from: last.from, to: last.to }}
        arrows={arrows}
        id="review-board"
      />
    );
  }, [fen, orientation, last, bestUci]);
  const toMove = fen.split(' ')[1] === 'b' ? 'black' : 'white';
  // The game's opening: its longest named position (from the standard start only).
  const openingLine =
    game && game.startFen === START_FEN
      ? game.moves
          .slice(0, 40)
          .map((m) => m.san)
          .join(' ')
      : '';
  const opening = useOpeningNames(openingLine ? [openingLine] : []).get(openingLine) ?? null;
  const analysed = analysis.evals.length > 0 && !analysis.running;
  const training = useMistakeTraining(review.id);
  const [learning, setLearning] = useState(false);
  const toLearn = review.mistakes.filter((m) => m.kind != null && m.ply);

  if (learning && game)
    return (
      <LearnMistakes
        reviewId={review.id}
        game={game}
        mistakes={toLearn}
        side={heroSide}
        onClose={() => setLearning(false)}
      />
    );

  return (
    <div className="board-layout gr-workspace">
      <div className="board-layout-main gr-board-column">
        <h2 className="gr-heading">{reviewHeading(review)}</h2>
        <div className="gr-board-with-bar">
          {analysis.evals.length > 0 && <EvalBar evaluation={here} toMove={toMove} orientation={orientation} />}
          <div className="gr-board-box">
            <OpeningLine opening={opening} />
            {board}
          </div>
        </div>
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
        {game && analysis.evals.length > 0 && !analysis.running && (
          <EvalGraph
            evals={analysis.evals}
            plies={game.moves.length}
            step={stepper.step}
            startTurn={game.startFen.split(' ')[1] === 'b' ? 'black' : 'white'}
            onGoTo={stepper.goTo}
          />
        )}
      </div>
      <div className="board-layout-side gr-side">
        {toolbar}
        {line.isErr && (
          <p className="form-message is-error" role="alert">
            This game's moves cannot be shown: {line.error.message}
          </p>
        )}
        {game && (
          <AnalysisPanel
            analysis={analysis}
            depth={depth}
            onDepth={setDepth}
            fen={fen}
            step={stepper.step}
            pv={here?.pv ?? livePv}
          />
        )}
        {game && analysed && (
          <>
            <AnalysisSummary
              startFen={game.startFen}
              moves={game.moves}
              evals={analysis.evals}
              names={playerNames(review)}
            />
            {toLearn.length > 0 && (
              <button type="button" className="button button-primary gr-learn-start" onClick={() => setLearning(true)}>
                Learn from your mistakes ({toLearn.length})
              </button>
            )}
          </>
        )}
        <UnsentTries reviewId={review.id} />
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
            analysed={analysed}
            training={training.data ?? []}
            cardHref={cardHref}
            renderActions={renderMistakeActions}
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
