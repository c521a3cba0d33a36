import { PrepareScreen } from '../features/opponent-prep';
import { paths, repertoireHref } from './paths';

/** The drill limited to the positions along the lines (each a `line` parameter). */
const drillHref = (color: 'white' | 'black', lines: string[]) => {
  const query = new URLSearchParams({ color });
  for (const line of lines) query.append('line', line);
  return `${paths.drill}?${query}`;
};

export function PreparePage() {
  return (
    <PrepareScreen workshopHref={repertoireHref} drillHref={drillHref} manageOpeningsPath={paths.manageOpenings} />
  );
}
