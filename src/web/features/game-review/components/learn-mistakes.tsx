import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Mistake } from '@contract/game-reviews';
import { Board, type BoardMove } from '../../../components/board';
import { errorText } from '../../../lib/api-client';
import { lineText } from '../../../lib/engine/eval-text';
import { useRecordLearnAttempt } from '../api/mistake-training';
import { fenAt, moveText, type GameLine } from '../game-line';
import { checkTry, engineReply, fenAfterUci, type LearnVerdict } from '../lib/learn-check';
import { UnsentTries } from './unsent-tries';

export type LearnMistakesProps = {
  reviewId: number;
  game: GameLine;
  /** The player's engine-found mistakes (inaccuracies, mistakes, blunders). */
  mistakes: readonly Mistake[];
  side: 'white' | 'black';
  onClose: () => void;
};

type Phase =
  | { kind: 'ask' }
  | { kind: 'checking'; move: BoardMove }
  | { kind: 'wrong'; move: BoardMove; verdict: LearnVerdict }
  | { kind: 'right'; move: BoardMove; verdict: LearnVerdict }
  | { kind: 'shown'; verdict: LearnVerdict | undefined }
  | {
      kind: 'playing';
      /** Where playing on began, and the moves since (engine UCI). */
      start: string;
      moves: string[];
      fen: string;
      last: { from: string; to: string };
      thinking: boolean;
    };

const KIND_WORD = { inaccuracy: 'an inaccuracy', mistake: 'a mistake', blunder: 'a blunder' } as const;
const SIDE_WORD = { white: 'White', black: 'Black' } as const;

/**
 * Learn from your mistakes: each of the player's inaccuracies, mistakes and blunders in turn, at the
 * position before it. The player finds a better move on the board (right within 5 points of win
 * percentage of the engine's best), sees the engine's line, and may play the position on against it.
 */
export function LearnMistakes({ reviewId, game, mistakes, side, onClose }: LearnMistakesProps) {
  const list = useMemo(() => [...mistakes].filter((m) => m.kind && m.ply).sort((a, b) => a.ply! - b.ply!), [mistakes]);
  const [index, setIndex] = useState(0);
  const [phase, setPhase] = useState<Phase>({ kind: 'ask' });
  const [error, setError] = useState<unknown>();
  const record = useRecordLearnAttempt(reviewId);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const mistake = list[index];
  const ply = mistake?.ply ?? 1;
  const fen = fenAt(game, ply - 1);
  const played = game.moves[ply - 1];
  const previous = ply > 1 ? game.moves[ply - 2] : undefined;

  const goTo = (next: number) => {
    setIndex(next);
    setPhase({ kind: 'ask' });
    setError(undefined);
  };

  const onTry = useCallback(
    (move: BoardMove) => {
      setPhase({ kind: 'checking', move });
      setError(undefined);
      checkTry(fen, move.uci, side)
        .then((verdict) => {
          if (!alive.current) return;
          setPhase({ kind: verdict.right ? 'right' : 'wrong', move, verdict });
          record.mutate({ game_review_id: reviewId, ply, uci: move.uci, solved: verdict.right });
        })
        .catch((e: unknown) => {
          if (!alive.current) return;
          setError(e);
          setPhase({ kind: 'ask' });
        });
    },
    [fen, side, record, reviewId, ply],
  );

  const playOn = (startFen: string, last: { from: string; to: string }) => {
    setPhase({ kind: 'playing', start: startFen, fen: startFen, last, moves: [], thinking: true });
    reply(startFen, []);
  };
  const reply = (position: string, moves: string[]) => {
    engineReply(position)
      .then((uci) => {
        if (!alive.current) return;
        const after = uci ? fenAfterUci(position, uci) : undefined;
        setPhase((p) =>
          p.kind !== 'playing'
            ? p
            : after
              ? { ...p, fen: after.fen, last: after, moves: [...moves, uci!], thinking: false }
              : { ...p, thinking: false },
        );
      })
      .catch((e: unknown) => alive.current && setError(e));
  };

  if (!mistake || !played) {
    return (
      <section className="gr-learn" aria-label="Learn from your mistakes">
        <p>No inaccuracies, mistakes or blunders of yours to learn from in this game.</p>
        <button type="button" className="button" onClick={onClose}>
          Back to the review
        </button>
      </section>
    );
  }

  const boardFen =
    phase.kind === 'playing' ? phase.fen : phase.kind === 'right' || phase.kind === 'checking' ? phase.move.fen : fen;
  const lastMove =
    phase.kind === 'playing'
      ? phase.last
      : phase.kind === 'right' || phase.kind === 'checking'
        ? { from: phase.move.from, to: phase.move.to }
        : previous && { from: previous.from, to: previous.to };
  const canMove = phase.kind === 'ask' || phase.kind === 'wrong' || (phase.kind === 'playing' && !phase.thinking);
  const onMove = (move: BoardMove) => {
    if (phase.kind === 'playing') {
      const moves = [...phase.moves, move.uci];
      setPhase({ ...phase, fen: move.fen, last: { from: move.from, to: move.to }, moves, thinking: true });
      reply(move.fen, moves);
    } else onTry(move);
  };
  const verdict =
    phase.kind === 'right' || phase.kind === 'wrong' || phase.kind === 'shown' ? phase.verdict : undefined;
  const bestLine = verdict?.bestLine.length ? lineText(fen, verdict.bestLine) : '';

  return (
    <div className="board-layout gr-workspace gr-learn-layout">
      <div className="board-layout-main gr-board-column">
        <h2 className="gr-heading">Learn from your mistakes</h2>
        <div className="gr-board-box">
          <Board
            id="learn-board"
            fen={boardFen}
            orientation={side}
            lastMove={lastMove}
            onMove={canMove ? onMove : undefined}
            label={`Learn board: ${SIDE_WORD[boardFen.split(' ')[1] === 'b' ? 'black' : 'white']} to move`}
          />
        </div>
      </div>
      <section className="board-layout-side gr-side gr-learn" aria-label="Learn from your mistakes">
        <p className="muted" data-testid="learn-progress">
          Mistake {index + 1} of {list.length}
        </p>
        <p className="gr-learn-ask">
          {previous ? `After ${moveText(previous)}, you` : 'You'} played <strong>{moveText(played)}</strong>,{' '}
          {KIND_WORD[mistake.kind!]}.
          {phase.kind === 'ask' || phase.kind === 'wrong' || phase.kind === 'checking'
            ? ` Find a better move for ${SIDE_WORD[side]}.`
            : ''}
        </p>
        <div aria-live="polite" className="gr-learn-verdict">
          {phase.kind === 'checking' && <p>Checking {phase.move.san}…</p>}
          {phase.kind === 'wrong' && (
            <p className="form-message is-error" role="status">
              {phase.move.san} is not it: it gives away {Math.round(phase.verdict.loss)} points of winning chances. Try
              another move.
            </p>
          )}
          {phase.kind === 'right' && (
            <p className="form-message is-success" role="status">
              Right: {phase.move.san} is a good move.
            </p>
          )}
          {bestLine && (
            <p className="gr-engine-line" data-testid="learn-line">
              The engine's line: {bestLine}
            </p>
          )}
          {phase.kind === 'playing' && (
            <p data-testid="learn-play-on">
              {phase.thinking ? 'The engine is thinking…' : 'Your move against the engine.'}{' '}
              {phase.moves.length > 0 && <span className="muted">{lineText(phase.start, phase.moves, 60)}</span>}
            </p>
          )}
          {error != null && (
            <p className="form-message is-error" role="alert">
              {errorText(error)}
            </p>
          )}
          <UnsentTries reviewId={reviewId} />
        </div>
        <div className="gr-learn-actions">
          {phase.kind === 'right' && (
            <button type="button" className="button button-primary" onClick={() => playOn(phase.move.fen, phase.move)}>
              Play on against the engine
            </button>
          )}
          {phase.kind === 'wrong' && (
            <button
              type="button"
              className="button"
              onClick={() => setPhase({ kind: 'shown', verdict: phase.verdict })}
            >
              Show the answer
            </button>
          )}
          {phase.kind === 'shown' && verdict?.bestUci && (
            <button
              type="button"
              className="button"
              onClick={() => {
                const after = fenAfterUci(fen, verdict.bestUci!);
                if (after) playOn(after.fen, after);
              }}
            >
              Play on from the best move
            </button>
          )}
          {index + 1 < list.length ? (
            <button type="button" className="button" onClick={() => goTo(index + 1)}>
              {phase.kind === 'ask' || phase.kind === 'wrong' ? 'Skip' : 'Next mistake'}
            </button>
          ) : null}
          <button type="button" className="button" onClick={onClose}>
            Back to the review
          </button>
        </div>
      </section>
    </div>
  );
}
