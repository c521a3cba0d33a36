import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title';
import { ConsistencySection } from './consistency-section';
import type { CoverageActions } from './coverage-live';
import { CoverageSection } from './coverage-section';
import { CurrentOpenings } from './current-openings';
import { LichessConnection } from './lichess-connection';
import { SetOpeningForm } from './set-opening-form';
import { SourcesList } from './sources-list';
import { AddSourceForm } from './add-source-form';
import '../openings.css';
import '../sources.css';

/** /manage_openings: the opening studies per colour, the consistency check and the coverage check; `children` (sections other features bring) after them. */
export function ManageOpeningsPage({ children, ...actions }: CoverageActions & { children?: ReactNode } = {}) {
  usePageTitle('Manage Openings');
  return (
    <div className="page op-page">
      <h1>Manage Openings</h1>
      <section className="card op-section" aria-labelledby="studies-title">
        <h2 id="studies-title">Opening Studies</h2>
        <LichessConnection />
        <CurrentOpenings />
        <SetOpeningForm />
      </section>
      <section className="card op-section" aria-labelledby="sources-title">
        <h2 id="sources-title">Repertoire sources</h2>
        <p className="op-hint">
          Each colour's repertoire is every source switched on, read as one: up to 8 Lichess studies or PGN files a
          colour. Set/Refresh above replaces the first one.
        </p>
        <p className="op-hint">
          No study of your own yet? <Link to="/starter">Build a repertoire</Link> from the Lichess explorer and keep it
          as a source.
        </p>
        <div className="op-columns">
          <SourcesList color="white" />
          <SourcesList color="black" />
        </div>
        <AddSourceForm />
      </section>
      <ConsistencySection workshopHref={actions.workshopHref} />
      <CoverageSection {...actions} />
      {children}
    </div>
  );
}
