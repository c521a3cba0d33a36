import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Color } from '@contract/common';
import { errorText } from '../../../lib/api-client';
import { lineWithReply } from '../../../lib/line-with-reply';
import { evalText, moveSan } from '../../../lib/engine/eval-text';
import { getOwnMoves } from '../api/get-own-moves';
import { checkMoves, CHECK_DEPTH, type CheckedMove, type MoveCheckRun } from '../lib/check-moves';
import '../repertoire-check.css';

/** Own moves checked per run: the likeliest ones, where a weak move costs most. */
const MOVES_CHECKED = 40;

export type RepertoireCheckProps = {
  /** The workshop's address for a position: `/repertoire?color=&line=`. */
  workshopHref: (color: Color, line: string) => string;
};

/**
 * "Repertoire check": the player's own repertoire moves, likeliest position first, each weighed by
 * the engine in this browser; the ones that lose a pawn or more are listed, each opening the workshop.
 */
export function RepertoireCheck({ workshopHref }: RepertoireCheckProps) {
  const [color, setColor] = useState<Color>('white');
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const [checked, setChecked] = useState<CheckedMove[]>();
  const [error, setError] = useState<unknown>();
  const run = useRef<MoveCheckRun | undefined>(undefined);
  useEffect(() => () => run.current?.stop(), []);

  const start = async () => {
    setError(undefined);
    setChecked([]);
    try {
      const moves = await getOwnMoves(color, MOVES_CHECKED);
      setProgress({ done: 0, total: moves.length });
      const found: CheckedMove[] = [];
      run.current = checkMoves(moves, color, (move, done) => {
        found.push(move);
        setProgress({ done, total: moves.length });
        if (move.dubious) setChecked([...found]);
      });
      setChecked(await run.current.done);
    } catch (e) {
      setError(e);
    } finally {
      run.current = undefined;
      setProgress(undefined);
    }
  };

  const dubious = (checked ?? []).filter((m) => m.dubious);
  return (
    <section className="card op-section rc-section" aria-labelledby="rc-title">
      <h2 id="rc-title">Repertoire check</h2>
      <p className="muted">
        The engine in this browser plays through your own moves, likeliest first, at depth {CHECK_DEPTH}, and lists
        those that lose a pawn or more against its best move.
      </p>
      <div className="rc-row">
        <label>
          Colour{' '}
          <select value={color} disabled={progress !== undefined} onChange={(e) => setColor(e.target.value as Color)}>
            <option value="white">White</option>
            <option value="black">Black</option>
          </select>
        </label>
        {progress ? (
          <>
            <progress max={progress.total} value={progress.done} aria-label="Repertoire check progress" />
            <span aria-live="polite">
              {progress.done} of {progress.total} moves
            </span>
            <button type="button" className="button" onClick={() => run.current?.stop()}>
              Stop
            </button>
          </>
        ) : (
          <button type="button" className="button" onClick={() => void start()}>
            Check my repertoire
          </button>
        )}
      </div>
      {error != null && (
        <p className="form-message is-error" role="alert">
          {errorText(error)}
        </p>
      )}
      {checked && !progress && (
        <p data-testid="rc-summary">
          {dubious.length === 0
            ? `The engine finds none of the ${checked.length} moves checked dubious.`
            : `${dubious.length} of ${checked.length} moves checked lose a pawn or more:`}
        </p>
      )}
      {dubious.length > 0 && (
        <ol className="rc-list" aria-label="Dubious repertoire moves">
          {dubious.map((m) => (
            <li key={`${m.fen}|${m.uci}`}>
              <Link to={workshopHref(color, m.line)}>{lineWithReply(m.line, m.fen, m.san)}</Link>{' '}
              <span className="muted">
                {evalText(m.after)} where {m.bestUci ? (moveSan(m.fen, m.bestUci) ?? m.bestUci) : 'the best'} gives{' '}
                {evalText(m.best)}; reached in {Math.round(m.reach * 100)}% of games
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
