import type { ReactNode } from 'react';
import { usePageTitle } from '../../../lib/page-title';
import { ConsistencySection } from './consistency-section';
import type { CoverageActions } from './coverage-live';
import { CoverageSection } from './coverage-section';
import { CurrentOpenings } from './current-openings';
import { LichessConnection } from './lichess-connection';
import { SetOpeningForm } from './set-opening-form';
import '../openings.css';

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
      <ConsistencySection workshopHref={actions.workshopHref} />
      <CoverageSection {...actions} />
      {children}
    </div>
  );
}
