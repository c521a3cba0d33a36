import { PrepareScreen } from '../features/opponent-prep';
import { paths } from './paths';

/** The repertoire workshop at a line of the colour's repertoire. */
const workshopHref = (color: 'white' | 'black', line: string) =>
  `/repertoire?${new URLSearchParams({ color, ...(line ? { line } : {}) })}`;

/** The drill limited to the positions along the lines (each a `line` parameter). */
const drillHref = (color: 'white' | 'black', lines: string[]) => {
  const query = new URLSearchParams({ color });
  for (const line of lines) query.append('line', line);
  return `${paths.drill}?${query}`;
};

export function PreparePage() {
  return <PrepareScreen workshopHref={workshopHref} drillHref={drillHref} manageOpeningsPath={paths.manageOpenings} />;
}
