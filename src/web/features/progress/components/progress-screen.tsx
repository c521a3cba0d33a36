import { errorText } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useProgress } from '../api/get-progress';
import { ExpectedChart } from './expected-chart';
import { ForecastChart } from './forecast-chart';
import { LeechList } from './leech-list';
import { OwnSchedule } from './own-schedule';
import { RetentionChart } from './retention-chart';
import '../progress.css';

/** Progress: what falls due in the next 30 days, how each week went, the leeches, and your own schedule. */
export function ProgressScreen() {
  usePageTitle('Progress');
  const progress = useProgress();
  return (
    <section className="page progress-page" aria-labelledby="progress-title">
      <h1 id="progress-title">Progress</h1>
      {progress.isPending && <p className="muted">Counting…</p>}
      {progress.isError && (
        <p className="form-message is-error" role="alert">
          Could not load Progress: {errorText(progress.error)}
        </p>
      )}
      {progress.data && (
        <>
          <section className="card progress-section" aria-labelledby="forecast-title">
            <h2 id="forecast-title">Due in the next 30 days</h2>
            <ForecastChart forecast={progress.data.forecast} />
          </section>
          <section className="card progress-section" aria-labelledby="retention-title">
            <h2 id="retention-title">Right at the first try, per week</h2>
            <RetentionChart retention={progress.data.retention} />
          </section>
          <section className="card progress-section" aria-labelledby="leeches-title">
            <h2 id="leeches-title">Leeches</h2>
            <p className="muted">
              Failed four times or more: rewrite the card, or rethink the move in your repertoire.
            </p>
            <LeechList leeches={progress.data.leeches} />
          </section>
        </>
      )}
      <section className="card progress-section" aria-labelledby="expected-title">
        <h2 id="expected-title">Expected score of your repertoire</h2>
        <ExpectedChart color="white" />
        <ExpectedChart color="black" />
      </section>
      <section className="card progress-section" aria-labelledby="schedule-title">
        <h2 id="schedule-title">Your own schedule</h2>
        <OwnSchedule />
      </section>
    </section>
  );
}
