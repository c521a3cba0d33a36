import { RepertoireScreen } from '../features/repertoire';
import { paths } from './paths';

/** /repertoire: the workshop, with the link to Manage Openings for a colour without a study. */
export function RepertoirePage() {
  return <RepertoireScreen manageOpeningsPath={paths.manageOpenings} />;
}
