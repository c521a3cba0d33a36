import { useMemo, useState } from 'react';
import { buildRepertoireFromPgn } from '../../../../chess/repertoire';
import { StatusBox } from '../../../components/status-box';
import { useStudies } from '../../../lib/studies';
import type { Color } from '../api/types';
import { defaultFilters, type Filters } from '../lib/filters';
import { NO_STUDY_TEXT } from '../lib/messages';
import { openingFromStudy } from '../lib/opening-from-study';
import { useCoverage } from '../lib/use-coverage';
import { useStatus } from '../lib/use-status';
import { ColorField } from './color-field';
import { CoverageConfirm } from './coverage-confirm';
import { CoverageLive, type CoverageActions } from './coverage-live';
import { FiltersField } from './filters-field';

/** Manage Openings: choose time controls and ratings, run for white or black, after a confirmation. */
export function CoverageSection(actions: CoverageActions) {
  const studies = useStudies();
  const [color, setColor] = useState<Color>('white');
  const [filters, setFilters] = useState<Filters>(defaultFilters);
  const status = useStatus();
  const coverage = useCoverage(status, color);
  const study = studies.data?.[color];
  // The stored study, to tell which holes lead back into it (Add to drill).
  const repertoire = useMemo(() => {
    if (!study?.study_text) return undefined;
    const opening = openingFromStudy(study);
    const built = buildRepertoireFromPgn(opening.text, {
      color: opening.color,
      excludeSymbols: opening.excludeSymbols,
    });
    return built.isOk ? built.value : undefined;
  }, [study]);

  const start = () => {
    const study = studies.data?.[color];
    if (!study?.study_text) {
      coverage.reset(NO_STUDY_TEXT);
      status.show('');
      return;
    }
    if (filters.speeds.length === 0 || filters.ratings.length === 0) {
      coverage.reset('Choose at least one time control and one rating band');
      return;
    }
    void coverage.prepare(openingFromStudy(study), filters);
  };

  return (
    <section className="card op-section" aria-labelledby="coverage-title">
      <h2 id="coverage-title">Coverage Check</h2>
      <p className="muted">
        How often Lichess players at these ratings and time controls play each move against your opening, and whether
        your opening answers it.
      </p>
      <FiltersField value={filters} onChange={setFilters} />
      <div className="op-row">
        <ColorField name="coverage-color" value={color} onChange={setColor} />
        <button
          type="button"
          className="button button-primary"
          onClick={start}
          disabled={status.status.busy || coverage.streaming}
        >
          Coverage Check
        </button>
      </div>
      <StatusBox text={status.status.text} busy={status.status.busy} label="Coverage status" />
      <CoverageConfirm plan={coverage.plan} onProceed={() => void coverage.proceed()} onCancel={coverage.cancel} />
      <div className="op-results" aria-label="Coverage results">
        {coverage.error && <pre className="op-pre">{coverage.error}</pre>}
        <CoverageLive
          run={coverage.run}
          repertoire={repertoire}
          openingName={study?.title}
          onStop={() => void coverage.stop()}
          showText
          showGoal
          {...actions}
        />
      </div>
    </section>
  );
}
