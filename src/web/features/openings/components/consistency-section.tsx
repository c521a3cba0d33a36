import { useState } from 'react';
import { StatusBox } from '../../../components/status-box';
import { useStudies } from '../../../lib/studies';
import { consistencyCheck, type ConsistencyAnswer } from '../api/opening-checks';
import type { Color } from '../api/types';
import { NO_STUDY_SELECTED, sorryText } from '../lib/messages';
import { openingFromStudy } from '../lib/opening-from-study';
import { useStatus } from '../lib/use-status';
import { ColorField } from './color-field';
import { ConsistencyResults } from './consistency-results';

/** Manage Openings: the consistency check of the white or black opening. */
export function ConsistencySection({ workshopHref }: { workshopHref?: (color: Color, line: string) => string }) {
  const studies = useStudies();
  const [color, setColor] = useState<Color>('white');
  const [answer, setAnswer] = useState<{ color: Color; data: ConsistencyAnswer }>();
  const [message, setMessage] = useState<string>();
  const { status, begin } = useStatus();

  const run = async () => {
    setAnswer(undefined);
    const study = studies.data?.[color];
    if (!study) {
      setMessage(NO_STUDY_SELECTED);
      return;
    }
    setMessage(undefined);
    const work = begin();
    try {
      const data = await consistencyCheck(openingFromStudy(study));
      if (!work.isCurrent()) return;
      setAnswer({ color, data });
      work.done();
    } catch (error) {
      setMessage(sorryText(error));
      work.done();
    }
  };

  return (
    <section className="card op-section" aria-labelledby="consistency-title">
      <h2 id="consistency-title">Consistency Check</h2>
      <p className="muted">Positions where your opening gives you more than one move.</p>
      <div className="op-row">
        <ColorField name="consistency-color" value={color} onChange={setColor} />
        <button type="button" className="button button-primary" onClick={() => void run()} disabled={status.busy}>
          Consistency Check
        </button>
      </div>
      <StatusBox text={status.text} busy={status.busy} label="Consistency status" />
      <div className="op-results" aria-label="Consistency results" aria-live="polite">
        {message && <pre className="op-pre">{message}</pre>}
        {answer && (
          <>
            <ConsistencyResults
              positions={answer.data.results_dict}
              orientation={answer.color}
              workshopHref={workshopHref && ((line) => workshopHref(answer.color, line))}
            />
            <details>
              <summary>Text report</summary>
              <pre className="op-pre">{answer.data.results}</pre>
            </details>
          </>
        )}
      </div>
    </section>
  );
}
