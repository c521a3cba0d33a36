import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Board, START_FEN, type BoardMove } from '../../../components/board';
import { errorText } from '../../../lib/api-client';
import { answerDrill, getDrillNext } from '../../../lib/drill';
import { getDrillLine } from '../api/get-drill-line';
import { getDrillLines } from '../api/get-drill-lines';
import { getDrillReplies } from '../api/get-drill-replies';
import type { DrillColor, DrillItem, DrillLine, DrillStats } from '../api/types';
import { arrowSquares, fensAfterUcis, movesOfLine } from '../line-moves';
import { dropMissed, noteMissed, takeMissed, type MissedItem } from '../missed-items';
import { AllRepliesButton, AllRepliesHeading, type RepliesRound } from './drill-all-replies';
import { DrillAskPanel } from './drill-ask-panel';
import { DrillFinished } from './drill-finished';
import type { Rating } from './drill-move-input';
import type { Phase } from './drill-phase';
import { offerAfter, PlayOnOfferBox, type PlayOnOffer, type PlayOnPosition } from './drill-play-on';
import { isNewItem, teachingMarks } from './drill-teaching';
import { OpeningLine } from '../../../components/opening-line';

/** 'lines': the positions along given lines (a preparation's), each once, due or not. */
export type DrillMode = 'line' | 'position' | 'lines';

const OPPONENT_MOVE_MS = 450;
const OWN_MOVE_MS = 220;
const RIGHT_PAUSE_MS = 700;

const sameSquares = (a: string, b: string) => a.split(' ').slice(0, 4).join(' ') === b.split(' ').slice(0, 4).join(' ');

/**
 * One drill session: the board plays the line to a position (opponent moves animated), the player
 * moves; right shows a short green confirmation and goes on, wrong takes the move back, shows the
 * repertoire move(s) with an arrow and has the player play one before going on. Where the opponent chose
 * among several replies on the way (line mode's walk, or a position item's line), "All my replies" asks
 * the answer to each in turn.
 */
export function DrillTrainer({
  color,
  mode,
  stats,
  onAnswered,
  lines,
  workshopHref,
  renderPlayOn,
}: {
  color: DrillColor;
  mode: DrillMode;
  /** The lines of 'lines' mode (movetext from the start). */
  lines?: string[];
  stats: DrillStats | undefined;
  onAnswered: () => void;
  /** The Repertoire screen at a line, to change the item's answers there. */
  workshopHref?: (color: DrillColor, line: string) => string;
  /** The app's Play on (another feature) from a position; the drill comes back on close. */
  renderPlayOn?: (from: PlayOnPosition, onClose: () => void) => ReactNode;
}) {
  const [fen, setFen] = useState(START_FEN);
  const [lastMove, setLastMove] = useState<{ from: string; to: string }>();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [rating, setRating] = useState<Rating>(3);
  const [note, setNote] = useState('');
  const alive = useRef(true);
  // Lines mode: the items still to ask, fetched once per session.
  const queue = useRef<DrillItem[] | undefined>(undefined);
  // Items answered wrong in this session, asked again after a few others until right once.
  const missed = useRef<MissedItem<DrillItem>[]>([]);
  const answered = useRef(0);
  const [goOnFen, setGoOnFen] = useState<string>();
  // Play on: offered at the end of a line (line mode) or after a right answer (position modes).
  const [offer, setOffer] = useState<PlayOnOffer>();
  const [playingOn, setPlayingOn] = useState(false);
  const lastRight = useRef<PlayOnOffer>(undefined);
  // Line mode: where the opponent last chose among several replies; All my replies asks each of them.
  const [branch, setBranch] = useState<DrillLine['branch']>(null);
  const [round, setRound] = useState<RepliesRound>();
  const roundRef = useRef<RepliesRound>(undefined);
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

  /** A New item is taught first (Learn), any other asked at once. */
  const present = (item: DrillItem) => {
    setPhase(isNewItem(item) ? { kind: 'learning', item } : { kind: 'asking', item });
    setNote('');
  };

  const ask = (item: DrillItem) => {
    show(item.fen, undefined);
    present(item);
  };

  /** A missed item whose turn has come (any, when nothing else is left): asked again, true if one was. */
  const askMissed = (nothingElse: boolean): boolean => {
    const [again, rest] = takeMissed(missed.current, answered.current, nothingElse);
    missed.current = rest;
    if (!again) return false;
    ask(again);
    return true;
  };

  /** Line mode: walk from `from` (a chapter start when undefined) to the next item. */
  const runLine = useCallback(
    async (from?: string): Promise<void> => {
      setPhase({ kind: 'loading' });
      setBranch(null);
      if (askMissed(false)) return;
      try {
        const segment = await getDrillLine(color, from);
        if (!alive.current) return;
        if (!segment.ask) {
          if (from && lastRight.current?.fen === from) setOffer({ ...lastRight.current, kind: 'line-end' });
          if (from) return runLine(undefined);
          if (!askMissed(true)) setPhase({ kind: 'finished' });
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
        setBranch(segment.branch);
        present(segment.ask);
      } catch (error) {
        if (alive.current) setPhase({ kind: 'error', message: errorText(error) });
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- askMissed reads refs and state setters only
    [color],
  );

  /** Position mode: the next due (or New) item, its last move animated. */
  const runPosition = useCallback(async (): Promise<void> => {
    setPhase({ kind: 'loading' });
    if (askMissed(false)) return;
    try {
      if (mode === 'lines' && !queue.current) queue.current = await getDrillLines(color, lines ?? []);
      const [item] = mode === 'lines' ? queue.current!.splice(0, 1) : await getDrillNext(color, 1);
      if (!alive.current) return;
      if (!item) {
        if (!askMissed(true)) setPhase({ kind: 'finished' });
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
        present(item);
      } else ask(item);
    } catch (error) {
      if (alive.current) setPhase({ kind: 'error', message: errorText(error) });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the lines are fixed for a session (the key remounts it)
  }, [color, mode]);

  /** All my replies: the position, the reply played on it, then the item after it asked. */
  const askReply = async (next: RepliesRound): Promise<void> => {
    roundRef.current = next;
    setRound(next);
    setBranch(null);
    setPhase({ kind: 'playing' });
    const reply = next.replies[next.at];
    show(next.fen);
    if (!(await sleep(250))) return;
    show(reply.item.fen, arrowSquares(next.fen, reply.uci));
    if (!(await sleep(OPPONENT_MOVE_MS))) return;
    present(reply.item);
  };

  const startAllReplies = async (fenBefore: string): Promise<void> => {
    setPhase({ kind: 'loading' });
    try {
      const found = await getDrillReplies(color, fenBefore);
      if (!alive.current) return;
      if (found.replies.length > 0) await askReply({ ...found, at: 0 });
      else await (mode === 'line' ? runLine(undefined) : runPosition());
    } catch (error) {
      if (alive.current) setPhase({ kind: 'error', message: errorText(error) });
    }
  };

  /** On after an answer: the next reply of All my replies while one is left, else the mode's next item. */
  const goOn = (fenAfter: string): Promise<void> => {
    setGoOnFen(undefined);
    const active = roundRef.current;
    if (active && active.at + 1 < active.replies.length) return askReply({ ...active, at: active.at + 1 });
    roundRef.current = undefined;
    setRound(undefined);
    return mode === 'line' ? runLine(fenAfter) : runPosition();
  };

  /** A right move: on at once, or after the player has read what the study says about it. */
  const rightMove = async (item: DrillItem, move: BoardMove, text: string) => {
    const answer = item.answers.find((a) => a.uci === move.uci || a.san === move.san);
    const waits = answer !== undefined && answer.comment !== '';
    lastRight.current = offerAfter(color, item, move.san, move.fen);
    if (mode !== 'line') setOffer(lastRight.current);
    setPhase({ kind: 'right', item, san: move.san, answer, waits });
    setNote(text);
    if (waits) setGoOnFen(move.fen);
    else if (await sleep(RIGHT_PAUSE_MS)) void goOn(move.fen);
  };

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
        answered.current += 1;
        if (result.correct) {
          missed.current = dropMissed(missed.current, item.id);
          await rightMove(item, move, `Right: ${move.san}`);
        } else {
          // Asked again later in the session, as the server now holds it (no longer New).
          const again = {
            ...result.item,
            answers: result.item.answers.length > 0 ? result.item.answers : item.answers,
          };
          missed.current = noteMissed(missed.current, again, answered.current);
          if (!(await sleep(350))) return;
          show(item.fen, undefined);
          setPhase({ kind: 'retry', item: again });
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
        await rightMove(item, move, `That's it: ${move.san}`);
      } else {
        setNote(`Not ${move.san}: play ${item.answers.map((a) => a.san).join(' or ')}.`);
        show(item.fen, undefined);
      }
    }
  };

  const playable = phase.kind === 'asking' || phase.kind === 'retry';
  const current = 'item' in phase ? phase.item : undefined;
  // Line mode names the choice its walk passed; a position item, the choice its own line came through.
  const choice = mode === 'line' ? branch : (current?.branch ?? null);
  const marks = teachingMarks(
    phase.kind === 'learning' || phase.kind === 'asking' || phase.kind === 'right' || phase.kind === 'retry'
      ? phase.kind
      : 'other',
    current,
    phase.kind === 'right' ? phase.answer : undefined,
  );

  if (playingOn && offer && renderPlayOn) return renderPlayOn(offer, () => setPlayingOn(false));

  return (
    <div className="board-layout drill-trainer" data-phase={phase.kind}>
      <div className="board-layout-main">
        {round && <AllRepliesHeading color={color} round={round} />}
        <OpeningLine opening={current?.opening ?? null} />
        <Board
          id="drill-board"
          fen={fen}
          orientation={color}
          onMove={playable ? (move) => void play(move) : undefined}
          onIllegalMove={setNote}
          lastMove={lastMove}
          arrows={marks.arrows}
          squareStyles={marks.squareStyles}
          label={`Drill board, ${color}`}
          fitViewport
        />
      </div>
      <div className="board-layout-side drill-side">
        {phase.kind === 'finished' ? (
          <DrillFinished
            color={color}
            mode={mode}
            stats={stats}
            onAgain={() => {
              queue.current = undefined;
              void (mode === 'line' ? runLine() : runPosition());
            }}
          />
        ) : phase.kind === 'error' ? (
          <p className="form-message is-error" role="alert">
            The drill could not go on: {phase.message}
          </p>
        ) : (
          <DrillAskPanel
            color={color}
            phase={phase}
            note={note}
            fen={fen}
            rating={rating}
            goOnFen={goOnFen}
            workshopHref={workshopHref}
            onReady={(item) => setPhase({ kind: 'asking', item })}
            onGoOn={(at) => void goOn(at)}
            onRating={setRating}
            onMove={(move) => void play(move)}
            onNote={setNote}
            extra={
              choice &&
              !round &&
              (phase.kind === 'asking' || phase.kind === 'learning') && (
                <AllRepliesButton
                  color={color}
                  replies={choice.replies}
                  onClick={() => void startAllReplies(choice.fen)}
                />
              )
            }
          />
        )}
        {offer && renderPlayOn && <PlayOnOfferBox offer={offer} onPlay={() => setPlayingOn(true)} />}
      </div>
    </div>
  );
}
