import { errorText } from '../../../lib/api-client';
import { useOptimiseSchedule, useResetSchedule, useScheduler } from '../api/own-schedule';
import { plural } from '../../../lib/plural';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** "Optimise my schedule": fit the FSRS weights to your own reviews once there are enough of them. */
export function OwnSchedule() {
  const state = useScheduler();
  const optimise = useOptimiseSchedule();
  const reset = useResetSchedule();
  if (state.isPending) return <p className="muted">Reading your review history…</p>;
  if (state.isError) {
    return (
      <p className="form-message is-error" role="alert">
        Could not read your schedule: {errorText(state.error)}
      </p>
    );
  }
  const { reviews, needed, weights, fit, optimised_at } = state.data;
  const short = reviews < needed;
  return (
    <div className="progress-schedule" data-testid="own-schedule">
      <p>
        {weights
          ? `Your cards and drill are scheduled with weights fitted to your own reviews (${new Date(optimised_at!).toLocaleDateString()}).`
          : 'Your cards and drill are scheduled with the standard FSRS weights.'}{' '}
        You have {plural(reviews, 'review')}.
      </p>
      {fit && (
        <dl className="progress-fit" data-testid="schedule-fit">
          <div>
            <dt>You remembered</dt>
            <dd>{percent(fit.actual)}</dd>
          </div>
          <div>
            <dt>Standard weights predicted</dt>
            <dd>{percent(fit.before)}</dd>
          </div>
          <div>
            <dt>Your weights predict</dt>
            <dd>{percent(fit.after)}</dd>
          </div>
        </dl>
      )}
      {short ? (
        <p className="muted" data-testid="schedule-needed">
          Optimising needs {plural(needed, 'review')}: {(needed - reviews).toLocaleString('en-US')} more to go.
        </p>
      ) : null}
      <div className="progress-schedule-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={short || optimise.isPending}
          onClick={() => optimise.mutate()}
        >
          {optimise.isPending ? 'Optimising…' : 'Optimise my schedule'}
        </button>
        {weights && (
          <button type="button" className="button" disabled={reset.isPending} onClick={() => reset.mutate()}>
            Back to the standard weights
          </button>
        )}
      </div>
      {optimise.isError && (
        <p className="form-message is-error" role="alert">
          {errorText(optimise.error)}
        </p>
      )}
    </div>
  );
}
