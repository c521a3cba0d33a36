import { useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { useTrim, useTrimLines, useUndoEdit, type TrimRow } from '../api/coverage-goal';
import type { Color } from '../api/types';
import { goalText, percent1 } from '../lib/goal-text';
import { aboutOneIn } from '../lib/hole-card';
import { noun, plural } from '../../../lib/plural';
import '../coverage.css';

const reviews = (n: number) => `about ${n < 0.1 ? n.toFixed(2) : n.toFixed(1)} reviews a day`;

/**
 * The repertoire's lines below the goal: what each drops and the drill reviews that saves. "Trim"
 * removes the optional ones in one undoable step; a dangerous line goes only when picked on its own.
 */
export function TrimPanel({ color, goal }: { color: Color; goal: number }) {
  const trim = useTrim(color);
  const apply = useTrimLines();
  const undo = useUndoEdit();
  const [done, setDone] = useState<string>();
  const rows = trim.data ?? [];
  const optional = rows.filter((r) => !r.dangerous);
  const saved = optional.reduce((n, r) => n + r.reviews_per_day, 0);
  const moves = optional.reduce((n, r) => n + r.own_moves, 0);

  const run = (lines?: string[]) =>
    apply.mutate({ color, lines }, { onSuccess: (a) => setDone(`Trimmed ${plural(a.trimmed, 'line')}.`) });

  return (
    <section className="op-trim" aria-labelledby={`trim-title-${color}`} data-testid="trim-panel">
      <h3 id={`trim-title-${color}`}>Trim</h3>
      {trim.isSuccess && rows.length === 0 && (
        <p className="muted">Every opponent reply in your repertoire is met in at least {goalText(goal)}.</p>
      )}
      {rows.length > 0 && (
        <p>
          {plural(rows.length, 'line')} of your repertoire {noun(rows.length, 'is', 'are')} met in fewer than{' '}
          {goalText(goal)}.{' '}
          {optional.length > 0 &&
            `Trimming the ${optional.length} optional ${noun(optional.length, 'one')} drops ${moves} of your moves and saves ${reviews(saved)}.`}
        </p>
      )}
      {rows.length > 0 && (
        <ul className="op-trim-list">
          {rows.map((row) => (
            <TrimItem key={row.line} row={row} busy={apply.isPending} onTrim={() => run([row.line])} />
          ))}
        </ul>
      )}
      <div className="op-row op-buttons">
        {optional.length > 0 && (
          <button type="button" className="button button-primary" disabled={apply.isPending} onClick={() => run()}>
            Trim {optional.length} optional {noun(optional.length, 'line')}
          </button>
        )}
        {done && (
          <>
            <span role="status" data-testid="trim-status">
              {done}
            </span>
            <button
              type="button"
              className="button"
              disabled={undo.isPending}
              onClick={() => undo.mutate({ color }, { onSuccess: () => setDone(undefined) })}
            >
              Undo trim
            </button>
          </>
        )}
        {(apply.isError || undo.isError) && <span role="alert">{errorText(apply.error ?? undo.error)}</span>}
      </div>
    </section>
  );
}

function TrimItem({ row, busy, onTrim }: { row: TrimRow; busy: boolean; onTrim: () => void }) {
  return (
    <li className={`op-trim-row${row.dangerous ? ' is-dangerous' : ''}`} data-testid="trim-row">
      <span className="op-hole-line">{row.line}</span>
      <span className="op-trim-facts">
        {aboutOneIn(row.reach)}; drops {row.own_moves} of your {noun(row.own_moves, 'move')} (
        {plural(row.drill_positions, 'drill position')}, {reviews(row.reviews_per_day)})
      </span>
      {row.dangerous && (
        <span className="op-trim-danger">
          Dangerous: opponents score {percent1(row.opponent_score)} in {row.games.toLocaleString('en-US')} games after
          it. Kept unless you trim it here.{' '}
          <button type="button" className="button button-small" disabled={busy} onClick={onTrim}>
            Trim this line
          </button>
        </span>
      )}
    </li>
  );
}
