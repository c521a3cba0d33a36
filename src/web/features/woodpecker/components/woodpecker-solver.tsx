import { useEffect, useRef, useState } from 'react';
import type { WoodpeckerCycle, WoodpeckerPosition, WoodpeckerSet } from '@contract/woodpecker';
import { Board, type BoardArrow, type BoardMove } from '../../../components/board';
import { errorText } from '../../../lib/api-client';
import { useAnswerWoodpecker } from '../api/answer-woodpecker';
import { useWoodpeckerSet } from '../api/get-woodpecker-set';
import { answerArrow } from '../lib/answer-arrow';
import { clockText, comparisonText, cycleHeading } from '../lib/cycle-text';
import { CycleHistory } from './cycle-history';

type Shown =
  | { kind: 'solving'; position: WoodpeckerPosition; since: number }
  | { kind: 'sending'; position: WoodpeckerPosition; fen: string }
  | { kind: 'answered'; position: WoodpeckerPosition; correct: boolean; played: string; answer: string; uci: string }
  | { kind: 'cycle-done'; finished: WoodpeckerCycle; before: WoodpeckerCycle | null; next: WoodpeckerCycle };

const RIGHT_PAUSE_MS = 600;
const ANSWER_ARROW = 'rgba(21, 130, 60, 0.85)';

/** Solving a set: each position timed from when it is shown to the move; a cycle ends with its time and score. */
export function WoodpeckerSolver({ setId, onBack }: { setId: number; onBack: () => void }) {
  const set = useWoodpeckerSet(setId);
  if (set.isPending) return <p className="page muted">Loading the set…</p>;
  if (set.isError)
    return (
      <section className="page">
        <p className="form-message is-error" role="alert">
          This set could not be opened: {errorText(set.error)}
        </p>
        <button type="button" className="button" onClick={onBack}>
          Back to your sets
        </button>
      </section>
    );
  return <Solver set={set.data} onBack={onBack} />;
}

function Solver({ set, onBack }: { set: WoodpeckerSet; onBack: () => void }) {
  const answer = useAnswerWoodpecker(set.id);
  const [shown, setShown] = useState<Shown | undefined>();
  const [note, setNote] = useState('');
  const now = useNow(shown?.kind === 'solving');
  const next = set.positions.find((p) => p.id === set.next_position_id);
  const alive = useRef(true);
  // What follows a wrong answer's Next: the finished cycle's summary, or the next position.
  const pendingDone = useRef<Shown | undefined>(undefined);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  // A fresh position to solve whenever nothing else is on the board.
  useEffect(() => {
    if (shown === undefined && next) setShown({ kind: 'solving', position: next, since: Date.now() });
  }, [shown, next]);

  const play = (move: BoardMove) => {
    if (shown?.kind !== 'solving') return;
    const { position, since } = shown;
    const ms = Math.min(3_600_000, Math.max(0, Date.now() - since));
    setShown({ kind: 'sending', position, fen: move.fen });
    setNote('');
    const cycleBefore = set.current.cycle;
    answer.mutate(
      { position_id: position.id, uci: move.uci, ms },
      {
        onSuccess: (result) => {
          if (!alive.current) return;
          const answered: Shown = {
            kind: 'answered',
            position,
            correct: result.correct,
            played: result.played_san,
            answer: result.answer_san,
            uci: result.answer_uci,
          };
          const cycles = result.set.cycles;
          const done =
            result.set.current.cycle > cycleBefore
              ? ({
                  kind: 'cycle-done',
                  finished: cycles[cycles.length - 2],
                  before: cycles.length > 2 ? cycles[cycles.length - 3] : null,
                  next: result.set.current,
                } as const)
              : undefined;
          if (result.correct) {
            setShown(answered);
            setTimeout(() => alive.current && setShown(done), RIGHT_PAUSE_MS);
          } else setShown(answered);
          pendingDone.current = done;
        },
        onError: (error) => {
          if (!alive.current) return;
          setShown({ kind: 'solving', position, since });
          setNote(errorText(error));
        },
      },
    );
  };
  const goOn = () => setShown(pendingDone.current);

  const elapsed = set.current.time_ms + (shown?.kind === 'solving' ? Math.max(0, now - shown.since) : 0);
  const target = set.current.target_ms;
  const over = target !== null && elapsed > target;
  const position = shown && shown.kind !== 'cycle-done' ? shown.position : undefined;
  const fen = shown?.kind === 'sending' ? shown.fen : position?.fen;
  const arrows: BoardArrow[] =
    shown?.kind === 'answered' && !shown.correct && position
      ? [{ ...answerArrow(shown.uci, shown.answer), color: ANSWER_ARROW }]
      : [];

  return (
    <section className="page woodpecker-page" aria-labelledby="woodpecker-set-title">
      <header className="woodpecker-header">
        <button type="button" className="link-button" onClick={onBack}>
          ← Your sets
        </button>
        <h1 id="woodpecker-set-title" className="woodpecker-set-name">
          {set.name}
        </h1>
        <p className="woodpecker-cycle" data-testid="woodpecker-cycle">
          {cycleHeading(set.current)} · {set.current.attempted} of {set.size} done · {set.current.correct} right
        </p>
        <div className="woodpecker-clock" data-over={over || undefined}>
          <span data-testid="woodpecker-clock">
            {clockText(elapsed)}
            {target !== null && ` of ${clockText(target)}`}
          </span>
          {target !== null && (
            <span className="woodpecker-bar" aria-hidden="true">
              <span style={{ width: `${Math.min(100, (elapsed / target) * 100)}%` }} />
            </span>
          )}
        </div>
      </header>
      {shown?.kind === 'cycle-done' ? (
        <div className="card woodpecker-done" role="status" data-testid="woodpecker-done">
          <p className="woodpecker-done-title">
            Cycle {shown.finished.cycle} done: {shown.finished.correct} of {shown.finished.attempted} right in{' '}
            {clockText(shown.finished.time_ms)}
            {shown.finished.target_ms !== null &&
              (shown.finished.time_ms <= shown.finished.target_ms
                ? ` (within the ${clockText(shown.finished.target_ms)} target)`
                : ` (the target was ${clockText(shown.finished.target_ms)})`)}
          </p>
          <p>{comparisonText(shown.finished, shown.before)}</p>
          <p className="muted">
            Cycle {shown.next.cycle} aims at {clockText(shown.next.target_ms ?? 0)}. A break of a day or two between
            cycles helps.
          </p>
          <button type="button" className="button button-primary" onClick={() => setShown(undefined)}>
            Start cycle {shown.next.cycle}
          </button>
        </div>
      ) : (
        <div className="board-layout woodpecker-solver">
          <div className="board-layout-main">
            {fen && position ? (
              <Board
                id="woodpecker-board"
                fen={fen}
                orientation={position.orientation}
                onMove={shown?.kind === 'solving' ? play : undefined}
                onIllegalMove={setNote}
                arrows={arrows}
                label={`Woodpecker position, ${position.orientation} to move`}
                fitViewport
              />
            ) : (
              <p className="muted">Setting up the position…</p>
            )}
          </div>
          <div className="board-layout-side woodpecker-side">
            {position && (
              <>
                <p className="woodpecker-prompt">
                  {position.orientation === 'white' ? 'White' : 'Black'} to move: find the best move
                </p>
                <p className="muted woodpecker-title">{position.title}</p>
              </>
            )}
            <p
              className={`woodpecker-note${shown?.kind === 'answered' ? (shown.correct ? ' is-right' : ' is-wrong') : ''}`}
              role="status"
              data-testid="woodpecker-note"
            >
              {shown?.kind === 'answered'
                ? shown.correct
                  ? `✓ Right: ${shown.answer}`
                  : `✗ ${shown.played} is not it: the move is ${shown.answer}`
                : note}
            </p>
            {shown?.kind === 'answered' && !shown.correct && (
              <button type="button" className="button button-primary" onClick={goOn} autoFocus>
                Next position
              </button>
            )}
            <CycleHistory cycles={set.cycles} />
          </div>
        </div>
      )}
    </section>
  );
}

/** The time now, ticking every half second while `running`. */
function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
