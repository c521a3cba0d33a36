import { errorText } from '../../../lib/api-client';
import { useFocusDrill } from '../api/focus-drill';
import type { DrillColor } from '../api/types';

/** "Add to drill": the position (in the player's repertoire) is asked next on the Drill screen. */
export function AddToDrillButton({ color, fen }: { color: DrillColor; fen: string }) {
  const focus = useFocusDrill();
  return (
    <span className="add-to-drill">
      <button
        type="button"
        className="button"
        disabled={focus.isPending || focus.isSuccess}
        onClick={() => focus.mutate({ color, fen })}
      >
        {focus.isSuccess ? 'Added to drill' : 'Add to drill'}
      </button>
      {focus.isError && <span role="alert"> {errorText(focus.error)}</span>}
    </span>
  );
}
