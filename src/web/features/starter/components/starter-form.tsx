import { useState, type FormEvent, type ReactNode } from 'react';
import type { Color } from '@contract/common';
import type { StarterRequest } from '../api/run-starter';
import { LINE_PLACEHOLDER, QUICK_PICKS } from '../lib/quick-picks';
import { bandOneIn, goalOfOneIn, goalText } from '../lib/starter-text';
import { StarterEstimateLine } from './starter-estimate';

/** Rating bands ('1600', …) and time speeds ('blitz', …) as the explorer names them. */
export type BandsAndSpeeds = { speeds: readonly string[]; ratings: readonly string[] };

export type FiltersSlot<F extends BandsAndSpeeds> = {
  defaultFilters: F;
  /** The bands and speeds fields (the coverage check's own, brought by the app). */
  renderFilters: (value: F, onChange: (value: F) => void) => ReactNode;
};

type Props<F extends BandsAndSpeeds> = FiltersSlot<F> & {
  color: Color;
  /** The form's heading when shown (under a build); hidden otherwise. */
  title?: string;
  initialLine: string;
  /** A build of this colour runs: a new one waits for it to end or be stopped. */
  running: boolean;
  /** Why the server refused the last start (shown beside the button). */
  error: string | undefined;
  onStart: (request: StarterRequest & { color: Color }) => void;
};

/** The moves the player commits to, bands, speeds and the coverage goal, with the estimate. */
export function StarterForm<F extends BandsAndSpeeds>({
  color,
  title,
  initialLine,
  running,
  error,
  onStart,
  defaultFilters,
  renderFilters,
}: Props<F>) {
  const [line, setLine] = useState(initialLine);
  const [filters, setFilters] = useState(defaultFilters);
  // Undefined: the lowest chosen band's goal, following the bands as they change.
  const [ownGoal, setOwnGoal] = useState<string>();
  const bandText = String(bandOneIn(filters.ratings));
  const goalInput = ownGoal ?? bandText;
  const goal = goalOfOneIn(goalInput);
  const [problem, setProblem] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const moves = line.trim();
    if (moves === '') setProblem(`Enter the moves you commit to, such as ${LINE_PLACEHOLDER[color]}`);
    else if (goal === undefined) setProblem('The goal is a whole number of games from 2 to 10,000');
    else {
      setProblem(undefined);
      onStart({ color, line: moves, ratings: [...filters.ratings], speeds: [...filters.speeds], goal });
    }
  };
  const shown = problem ?? error;

  return (
    <form className="card starter-form" onSubmit={submit} noValidate aria-labelledby="starter-form-title">
      <h2 id="starter-form-title" className={title ? undefined : 'visually-hidden'}>
        {title ?? 'What to build'}
      </h2>
      <div className="field">
        <label htmlFor="starter-line">Your first moves</label>
        <input
          id="starter-line"
          value={line}
          onChange={(e) => setLine(e.target.value)}
          placeholder={LINE_PLACEHOLDER[color]}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="starter-line-hint"
        />
        <p id="starter-line-hint" className="field-hint">
          {color === 'white'
            ? 'The moves you commit to from the start; the build answers every common reply after them.'
            : "White's first move and your answer; the build goes on from there."}
        </p>
        <div className="starter-picks" role="group" aria-label="Quick picks">
          {QUICK_PICKS[color].map((pick) => (
            <button
              key={pick}
              type="button"
              className={`button starter-pick${line.trim() === pick ? ' is-chosen' : ''}`}
              aria-pressed={line.trim() === pick}
              onClick={() => setLine(pick)}
            >
              {pick}
            </button>
          ))}
        </div>
      </div>
      {renderFilters(filters, setFilters)}
      <div className="field starter-goal">
        <label htmlFor="starter-goal">Answer every reply met in at least 1 in … games</label>
        <div className="starter-goal-row">
          <input
            id="starter-goal"
            inputMode="numeric"
            value={goalInput}
            onChange={(e) => setOwnGoal(e.target.value)}
            aria-invalid={goal === undefined}
            aria-describedby="starter-goal-hint"
          />
          {ownGoal !== undefined && ownGoal !== bandText && (
            <button type="button" className="button" onClick={() => setOwnGoal(undefined)}>
              Use my band&apos;s ({goalText(1 / Number(bandText))})
            </button>
          )}
        </div>
        <p id="starter-goal-hint" className="field-hint">
          {goal === undefined
            ? 'A whole number of games from 2 to 10,000.'
            : `Your lowest rating band's goal is ${goalText(1 / Number(bandText))}; a rarer goal builds a bigger repertoire.`}
        </p>
      </div>
      <StarterEstimateLine goal={goal} />
      <div className="starter-submit">
        <button type="submit" className="button button-primary" disabled={running}>
          {running ? 'Building…' : 'Build my repertoire'}
        </button>
        {shown && (
          <p className="form-message is-error" role="alert" data-testid="starter-error">
            {shown}
          </p>
        )}
      </div>
    </form>
  );
}
