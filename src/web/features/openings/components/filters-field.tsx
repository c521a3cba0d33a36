import { RATINGS, SPEEDS, type Filters } from '../lib/filters';
import '../openings.css';

type Props = { value: Filters; onChange: (filters: Filters) => void };

const toggle = <T extends string>(all: readonly T[], list: readonly T[], item: T, on: boolean): T[] =>
  all.filter((x) => (x === item ? on : list.includes(x)));

/** Time speeds and rating bands for the coverage check. */
export function FiltersField({ value, onChange }: Props) {
  return (
    <div className="op-filters">
      <fieldset className="op-fieldset op-checks">
        <legend>Time controls</legend>
        {SPEEDS.map((speed) => (
          <label key={speed} className="op-check">
            <input
              type="checkbox"
              checked={value.speeds.includes(speed)}
              onChange={(e) => onChange({ ...value, speeds: toggle(SPEEDS, value.speeds, speed, e.target.checked) })}
            />
            <span>{speed}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="op-fieldset op-checks">
        <legend>Ratings</legend>
        {RATINGS.map((rating) => (
          <label key={rating} className="op-check">
            <input
              type="checkbox"
              checked={value.ratings.includes(rating)}
              onChange={(e) =>
                onChange({ ...value, ratings: toggle(RATINGS, value.ratings, rating, e.target.checked) })
              }
            />
            <span>{rating}</span>
          </label>
        ))}
      </fieldset>
    </div>
  );
}
