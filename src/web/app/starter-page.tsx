import { FiltersField } from '../features/openings/components/filters-field';
import { defaultFilters } from '../features/openings/lib/filters';
import { StarterScreen } from '../features/starter';
import { paths, repertoireHref, starterPreviewHref } from './paths';

// Build a repertoire with the coverage check's bands and speeds fields, and the links to the workshop
// and the drill of the colour it kept.
const drillHref = (color: 'white' | 'black') => `${paths.drill}?color=${color}`;

export function StarterPage() {
  return (
    <StarterScreen
      defaultFilters={defaultFilters()}
      renderFilters={(value, onChange) => <FiltersField value={value} onChange={onChange} />}
      workshopHref={(color) => repertoireHref(color)}
      previewHref={starterPreviewHref}
      drillHref={drillHref}
    />
  );
}
