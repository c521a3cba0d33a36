import { useEffect, useRef } from 'react';
import type { StarterBuild } from '../api/get-starter';
import { colorName, percentDone, progressText } from '../lib/starter-text';

type Props = {
  /** The running build; undefined until the server's first event about it. */
  build: StarterBuild | undefined;
  /** The explorer rests after refusing a call: what the server says about it. */
  resting: string | undefined;
  stopping: boolean;
  onStop: () => void;
};

/** The running build: looked-up positions of those known so far as a bar, the counts, and Stop. */
export function StarterProgress({ build, resting, stopping, onStop }: Props) {
  const done = build?.done ?? 0;
  const queued = build?.queued ?? 0;
  const percent = percentDone(done, queued);
  const text = build ? progressText(done, queued, build.positions) : 'Starting the build…';
  // Started from the form below: bring the bar into view.
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, []);
  return (
    <section
      ref={ref}
      className="card starter-progress"
      aria-labelledby="starter-progress-title"
      data-testid="starter-progress"
    >
      <h2 id="starter-progress-title">
        Building {build?.line ? `${colorName(build.color)} from ${build.line}` : 'your repertoire'}
      </h2>
      <div
        className="starter-bar"
        role="progressbar"
        aria-label="Build progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
      >
        <span className="starter-bar-done" style={{ width: `${percent}%` }} />
      </div>
      <div className="starter-progress-row">
        <p className="starter-counts" data-testid="starter-counts">
          {text}
        </p>
        <button type="button" className="button" onClick={onStop} disabled={stopping}>
          {stopping ? 'Stopping…' : 'Stop'}
        </button>
      </div>
      {resting && (
        <p className="muted starter-resting" role="status" data-testid="starter-resting">
          {resting}
        </p>
      )}
      <p className="muted starter-leave">
        You may leave this page: the build goes on, and shows here when you come back.
      </p>
    </section>
  );
}
