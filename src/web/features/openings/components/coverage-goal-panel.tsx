import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { errorText } from '../../../lib/api-client';
import { coverageGoalKey, useExpected, useGoal, useSetGoal } from '../api/coverage-goal';
import type { CoverageRun } from '../api/coverage-latest';
import type { Color } from '../api/types';
import { expectedSentence, goalOfOneIn, goalText, percent1 } from '../lib/goal-text';
import { TrapsList } from './traps-list';
import { TrimPanel } from './trim-panel';
import './coverage-goal.css';
import { noun } from '../../../lib/plural';

type Props = {
  color: Color;
  run: CoverageRun;
  /** The Repertoire screen at a line. */
  workshopHref?: (color: Color, line: string) => string;
};

/**
 * What the latest coverage check says in points: the goal (editable), the needed holes left, the
 * expected score, the lines to trim and the traps to expect.
 */
export function CoverageGoalPanel({ color, run, workshopHref }: Props) {
  const queryClient = useQueryClient();
  const goal = useGoal(color);
  const expected = useExpected(color);
  // A check that ends (or moves on) changes every figure: read them again.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: coverageGoalKey(color) });
  }, [queryClient, color, run.status, run.done]);

  return (
    <div className="op-goal" data-testid="coverage-goal">
      <section className="op-goal-summary" aria-labelledby="goal-title">
        <h3 id="goal-title">Coverage goal</h3>
        {goal.data && (
          <GoalForm color={color} goal={goal.data.goal} bandGoal={goal.data.default_goal} custom={goal.data.custom} />
        )}
        {goal.data && (
          <p className="op-goal-needed" data-testid="needed-holes-left">
            <strong>{goal.data.needed_left.toLocaleString('en-US')}</strong> needed{' '}
            {noun(goal.data.needed_left, 'hole')} left: lines met in at least {goalText(goal.data.goal)} that your
            repertoire does not answer yet.
          </p>
        )}
        {expected.data ? (
          <p className="op-goal-expected" data-testid="expected-score">
            {expectedSentence(color, expected.data)}{' '}
            <span className="muted">
              (covering {percent1(expected.data.covered_reach)} of games; {expected.data.games.toLocaleString('en-US')}{' '}
              games after your first moves).
            </span>
          </p>
        ) : (
          expected.isSuccess && (
            <p className="muted" data-testid="expected-score">
              No expected score yet: the check has looked nothing up from the standard start.
            </p>
          )
        )}
      </section>
      {goal.data && <TrimPanel color={color} goal={goal.data.goal} />}
      <TrapsList color={color} workshopHref={workshopHref} />
    </div>
  );
}

function GoalForm({
  color,
  goal,
  bandGoal,
  custom,
}: {
  color: Color;
  goal: number;
  bandGoal: number;
  custom: boolean;
}) {
  const [text, setText] = useState(String(Math.round(1 / goal)));
  const [error, setError] = useState<string>();
  const save = useSetGoal();
  useEffect(() => setText(String(Math.round(1 / goal))), [goal]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = goalOfOneIn(text);
    if (value === undefined) return setError('Enter a whole number of games from 2 to 10,000');
    setError(undefined);
    save.mutate({ color, goal: value });
  };
  return (
    <form className="op-row op-goal-form" onSubmit={submit}>
      <label className="field" htmlFor={`goal-${color}`}>
        <span>Know every line met in at least 1 in … games</span>
        <input
          id={`goal-${color}`}
          className="input op-goal-input"
          inputMode="numeric"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`goal-${color}-note`}
        />
      </label>
      <button type="submit" className="button" disabled={save.isPending}>
        Save goal
      </button>
      {custom && (
        <button type="button" className="button" onClick={() => save.mutate({ color, goal: null })}>
          Use my band&apos;s ({goalText(bandGoal)})
        </button>
      )}
      <span id={`goal-${color}-note`} className="muted">
        {custom ? 'Your own goal.' : `Your rating band's goal.`} Lines rarer than that are optional.
      </span>
      {(error || save.isError) && (
        <span role="alert" className="op-goal-error">
          {error ?? errorText(save.error)}
        </span>
      )}
    </form>
  );
}
