import type { WoodpeckerCycle } from '@contract/woodpecker';
import { clockText } from '../lib/cycle-text';

/** Each cycle's target, time and score, newest first: the Woodpecker Method's record. */
export function CycleHistory({ cycles }: { cycles: readonly WoodpeckerCycle[] }) {
  const finished = cycles.filter((c) => c.complete).reverse();
  if (finished.length === 0) return null;
  return (
    <table className="woodpecker-history" data-testid="woodpecker-history">
      <caption>Finished cycles</caption>
      <thead>
        <tr>
          <th scope="col">Cycle</th>
          <th scope="col">Target</th>
          <th scope="col">Time</th>
          <th scope="col">Right</th>
        </tr>
      </thead>
      <tbody>
        {finished.map((c) => (
          <tr key={c.cycle}>
            <td>{c.cycle}</td>
            <td>{c.target_ms === null ? '—' : clockText(c.target_ms)}</td>
            <td>{clockText(c.time_ms)}</td>
            <td>
              {c.correct} of {c.attempted}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
