import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { intervalLabel } from '../../../../chess/scheduling-interval-label';
import { Board, START_FEN, playDraggedMove, type BoardArrow, type BoardMove } from '../../../components/board';
import { errorText } from '../../../lib/api-client';
import { answerDrill } from '../api/answer-drill';
import { getDrillLine } from '../api/get-drill-line';
import { getDrillLines } from '../api/get-drill-lines';
import { getDrillNext } from '../api/get-drill-next';
import type { DrillColor, DrillItem, DrillStats } from '../api/types';
import { arrowSquares, fensAfterUcis, movesOfLine, readTypedMove } from '../line-moves';
import { OpeningLine } from '../../../components/opening-line';

/** 'lines': the positions along given lines (a preparation's), each once, due or not. */
export type DrillMode = 'line' | 'position' | 'lines';
type Rating = 2 | 3 | 4;

type Phase =
  | { kind: 'loading' }
  | { kind: 'playing' }
  | { kind: 'asking'; item: DrillItem }
  | { kind: 'checking'; item: DrillItem }
  | { kind: 'right'; item: DrillItem; san: string }
  | { kind: 'retry'; item: DrillItem }
  | { kind: 'finished' }
  | { kind: 'error'; message: string };

const RATING_NAMES: Record<Rating, string> = { 2: 'Hard', 3: 'Good', 4: 'Easy' };
const OPPONENT_MOVE_MS = 450;
const OWN_MOVE_MS = 220;
const RIGHT_PAUSE_MS = 700;
const ARROW_COLOR = 'rgba(21, 130, 60, 0.85)';

const sameSquares = (a: string, b: string) => a.split(' ').slice(0, 4).join(' ') === b.split(' ').slice(0, 4).join(' ');

/**
 * One drill session: the board plays the line to a position (opponent moves animated), the player
 * moves; right shows a short green confirmation and goes on, wrong takes the move back, shows the
 * repertoire move(s) with an arrow and has the player play one before going on.
 */
export function DrillTrainer({
  color,
  mode,
  stats,
  onAnswered,
  lines,
  workshopHref,
}: {
  color: DrillColor;
  mode: DrillMode;
  /** The lines of 'lines' mode (movetext from the start). */
  lines?: string[];
  stats: DrillStats | undefined;
  onAnswered: () => void;
  /** The Repertoire screen at a line, to change the item's answers there. */
  workshopHref?: (color: DrillColor, line: string) => string;
}) {
  const [fen, setFen] = useState(START_FEN);
  const [lastMove, setLastMove] = useState<{ from: string; to: string }>();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [rating, setRating] = useState<Rating>(3);
  const [note, setNote] = useState('');
  const [typed, setTyped] = useState('');
  const alive = useRef(true);
  // Lines mode: the items still to ask, fetched once per session.
  const queue = useRef<DrillItem[] | undefined>(undefined);
  const fenRef = useRef(fen);
  fenRef.current = fen;

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const sleep = (ms: number) => new Promise<boolean>((resolve) => setTimeout(() => resolve(alive.current), ms));

  const show = (next: string, move?: { from: string; to: string }) => {
    fenRef.current = next;
    setFen(next);
    setLastMove(move);
  };

  const ask = (item: DrillItem) => {
    show(item.fen, undefined);
    setPhase({ kind: 'asking', item });
    setNote('');
  };

  /** Line mode: walk from `from` (a chapter start when undefined) to the next item. */
  const runLine = useCallback(
    async (from?: string): Promise<void> => {
      setPhase({ kind: 'loading' });
      try {
        const segment = await getDrillLine(color, from);
        if (!alive.current) return;
        if (!segment.ask) {
          if (from) return runLine(undefined);
          setPhase({ kind: 'finished' });
          return;
        }
        setPhase({ kind: 'playing' });
        if (!sameSquares(fenRef.current, segment.start_fen) || from === undefined) {
          show(segment.start_fen);
          if (!(await sleep(250))) return;
        }
        const fens = fensAfterUcis(
          segment.start_fen,
          segment.moves.map((m) => m.uci),
        );
        for (let i = 0; i < fens.length; i++) {
          const move = segment.moves[i];
          const squares = arrowSquares(i === 0 ? segment.start_fen : fens[i - 1], move.uci);
          show(fens[i], squares);
          if (!(await sleep(move.by === 'opponent' ? OPPONENT_MOVE_MS : OWN_MOVE_MS))) return;
        }
        if (!sameSquares(fenRef.current, segment.ask.fen)) show(segment.ask.fen);
        setPhase({ kind: 'asking', item: segment.ask });
        setNote('');
      } catch (error) {
        if (alive.current) setPhase({ kind: 'error', message: errorText(error) });
      }
    },
    [color],
  );

  /** Position mode: the next due (or New) item, its last move animated. */
  const runPosition = useCallback(async (): Promise<void> => {
    setPhase({ kind: 'loading' });
    try {
      if (mode === 'lines' && !queue.current) queue.current = await getDrillLines(color, lines ?? []);
      const [item] = mode === 'lines' ? queue.current!.splice(0, 1) : await getDrillNext(color, 1);
      if (!alive.current) return;
      if (!item) {
        setPhase({ kind: 'finished' });
        return;
      }
      setPhase({ kind: 'playing' });
      const moves = movesOfLine(START_FEN, item.line);
      const lastOne = moves?.[moves.length - 1];
      if (moves && lastOne && sameSquares(lastOne.fen, item.fen)) {
        const before = moves.length > 1 ? moves[moves.length - 2].fen : START_FEN;
        show(
          before,
          moves.length > 1
            ? arrowSquares(moves.length > 2 ? moves[moves.length - 3].fen : START_FEN, moves[moves.length - 2].uci)
            : undefined,
        );
        if (!(await sleep(250))) return;
        show(item.fen, arrowSquares(before, lastOne.uci));
        if (!(await sleep(OPPONENT_MOVE_MS))) return;
        setPhase({ kind: 'asking', item });
        setNote('');
      } else ask(item);
    } catch (error) {
      if (alive.current) setPhase({ kind: 'error', message: errorText(error) });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the lines are fixed for a session (the key remounts it)
  }, [color, mode]);

  const goOn = useCallback(
    (fenAfter: string) => (mode === 'line' ? runLine(fenAfter) : runPosition()),
    [mode, runLine, runPosition],
  );

  useEffect(() => {
    void (mode === 'line' ? runLine(undefined) : runPosition());
  }, [mode, runLine, runPosition]);

  // Finished: look again when the next item falls due (within the hour the screen is likely open).
  const nextDue = stats?.next_due;
  useEffect(() => {
    if (phase.kind !== 'finished' || !nextDue) return;
    const wait = Date.parse(nextDue) - Date.now();
    if (wait > 3_600_000) return;
    const timer = setTimeout(() => void (mode === 'line' ? runLine() : runPosition()), Math.max(1_000, wait + 1_000));
    return () => clearTimeout(timer);
  }, [phase.kind, nextDue, mode, runLine, runPosition]);

  const play = async (move: BoardMove) => {
    if (phase.kind === 'asking') {
      const item = phase.item;
      show(move.fen, { from: move.from, to: move.to });
      setPhase({ kind: 'checking', item });
      try {
        const result = await answerDrill({ id: item.id, uci: move.uci, ...(rating !== 3 ? { rating } : {}) });
        if (!alive.current) return;
        onAnswered();
        setRating(3);
        if (result.correct) {
          setPhase({ kind: 'right', item, san: move.san });
          setNote(`Right: ${move.san}`);
          if (await sleep(RIGHT_PAUSE_MS)) void goOn(move.fen);
        } else {
          if (!(await sleep(350))) return;
          show(item.fen, undefined);
          setPhase({ kind: 'retry', item: { ...item, answers: result.answers } });
          setNote(`${move.san} is not in your repertoire. Play ${result.answers.map((a) => a.san).join(' or ')}.`);
        }
      } catch (error) {
        show(item.fen, undefined);
        setPhase({ kind: 'asking', item });
        setNote(errorText(error));
      }
    } else if (phase.kind === 'retry') {
      const item = phase.item;
      if (item.answers.some((a) => a.san === move.san)) {
        show(move.fen, { from: move.from, to: move.to });
        setPhase({ kind: 'right', item, san: move.san });
        setNote(`That's it: ${move.san}`);
        if (await sleep(RIGHT_PAUSE_MS)) void goOn(move.fen);
      } else {
        setNote(`Not ${move.san}: play ${item.answers.map((a) => a.san).join(' or ')}.`);
        show(item.fen, undefined);
      }
    }
  };

  const playable = phase.kind === 'asking' || phase.kind === 'retry';
  const current = 'item' in phase ? phase.item : undefined;
  const arrows: BoardArrow[] =
    phase.kind === 'retry'
      ? phase.item.answers.map((a) => {
          const { from, to } = arrowSquares(phase.item.fen, a.uci);
          return { startSquare: from, endSquare: to, color: ARROW_COLOR };
        })
      : [];

  const submitTyped = (event: React.FormEvent) => {
    event.preventDefault();
    if (!playable) return;
    const read = readTypedMove(fen, typed);
    const attempt = read && playDraggedMove(fen, read.from, read.to);
    if (!attempt || !attempt.ok) {
      setNote(`'${typed}' is not a legal move here`);
      return;
    }
    setTyped('');
    void play(attempt.move);
  };

  // Keys 2, 3, 4 choose how a right answer rates (Hard, Good, Easy); m jumps to the move box.
  const keys = useRef({ playable, setRating });
  keys.current = { playable, setRating };
  const moveBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      if (event.key === '2' || event.key === '3' || event.key === '4') {
        keys.current.setRating(Number(event.key) as Rating);
        event.preventDefault();
      } else if (event.key === 'm' && keys.current.playable) {
        moveBox.current?.focus();
        event.preventDefault();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const nextIn = stats?.next_due ? intervalLabel(Date.parse(stats.next_due) - Date.now()) : undefined;

  return (
    <div className="board-layout drill-trainer" data-phase={phase.kind}>
      <div className="board-layout-main">
        <OpeningLine opening={current?.opening ?? null} />
        <Board
          id="drill-board"
          fen={fen}
          orientation={color}
          onMove={playable ? (move) => void play(move) : undefined}
          onIllegalMove={setNote}
          lastMove={lastMove}
          arrows={arrows}
          label={`Drill board, ${color}`}
        />
      </div>
      <div className="board-layout-side drill-side">
        {phase.kind === 'finished' ? (
          <div className="card drill-finished" role="status">
            <p className="drill-finished-title">
              {mode === 'lines'
                ? 'Every position of these lines is done'
                : nextIn
                  ? `Nothing due; next item in ${nextIn}`
                  : stats && stats.new > 0
                    ? 'Nothing due; next item tomorrow'
                    : 'Nothing due'}
            </p>
            <p className="muted">
              {mode === 'lines'
                ? 'Go again to repeat them, or go back to the drill of what is due.'
                : stats && stats.new > 0 && stats.new_left === 0
                  ? `Today's ${stats.new_per_day} new items are done.`
                  : stats && stats.total === 0
                    ? 'Your study has no positions to drill yet.'
                    : 'Every item is scheduled for later.'}
            </p>
            <button
              type="button"
              className="button"
              onClick={() => {
                queue.current = undefined;
                void (mode === 'line' ? runLine() : runPosition());
              }}
            >
              {mode === 'lines' ? 'Go again' : 'Check again'}
            </button>
          </div>
        ) : phase.kind === 'error' ? (
          <p className="form-message is-error" role="alert">
            The drill could not go on: {phase.message}
          </p>
        ) : (
          <>
            <p className="drill-prompt" aria-live="polite">
              {phase.kind === 'asking' || phase.kind === 'checking'
                ? `Your move${current ? ` (move ${current.move_number})` : ''}`
                : phase.kind === 'retry'
                  ? 'Play the repertoire move'
                  : phase.kind === 'right'
                    ? ''
                    : 'Setting up the position…'}
            </p>
            <p
              className={`drill-note${phase.kind === 'right' ? ' is-right' : phase.kind === 'retry' ? ' is-wrong' : ''}`}
              role="status"
              data-testid="drill-note"
            >
              {phase.kind === 'right' && <span aria-hidden="true">✓ </span>}
              {note}
            </p>
            {current && (
              <p className="muted drill-line" data-testid="drill-line">
                {current.line || 'Start of the chapter'}
                {current.changed && <span className="drill-changed"> · changed in your study</span>}
              </p>
            )}
            {current && workshopHref && (
              <p className="drill-workshop">
                <Link to={workshopHref(color, current.line)}>Open in Repertoire</Link>
              </p>
            )}
            <form className="drill-type" onSubmit={submitTyped}>
              <label htmlFor="drill-move">Type your move</label>
              <input
                id="drill-move"
                ref={moveBox}
                className="input"
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                placeholder="e.g. Nf3"
                autoComplete="off"
                disabled={!playable}
              />
              <button type="submit" className="button" disabled={!playable || typed.trim() === ''}>
                Play
              </button>
            </form>
            <fieldset className="drill-rating">
              <legend>A right answer counts as</legend>
              {([2, 3, 4] as Rating[]).map((r) => (
                <label key={r} className={rating === r ? 'is-chosen' : ''}>
                  <input type="radio" name="drill-rating" checked={rating === r} onChange={() => setRating(r)} />
                  {RATING_NAMES[r]} <kbd>{r}</kbd>
                </label>
              ))}
            </fieldset>
            {current && current.chapters.length > 0 && (
              <p className="drill-chapter">
                {current.chapters[0].url ? (
                  <a href={current.chapters[0].url} target="_blank" rel="noreferrer">
                    Chapter: {current.chapters[0].name}
                  </a>
                ) : (
                  <Link to="/manage_openings">Chapter: {current.chapters[0].name}</Link>
                )}
              </p>
            )}
            <p className="muted key-hint">
              Drag or click a piece, or press <kbd>m</kbd> and type the move.
            </p>
          </>
        )}
      </div>
    </div>
  );
}
