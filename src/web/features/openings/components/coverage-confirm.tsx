import { Modal } from '../../../components/modal';
import type { CoveragePlan } from '../lib/use-coverage';
import { estimatedTimeText } from '../lib/messages';

type Props = { plan: CoveragePlan | undefined; onProceed: () => void; onCancel: () => void };

/** Spec 2: the confirmation popup with the estimated minutes (1.5 s per position still to fetch). */
export function CoverageConfirm({ plan, onProceed, onCancel }: Props) {
  const minutes = plan ? Math.ceil(plan.minutes) : 0;
  return (
    <Modal
      open={plan !== undefined}
      onClose={onCancel}
      title="Run the coverage check?"
      footer={
        <>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button button-primary" onClick={onProceed} autoFocus>
            Proceed
          </button>
        </>
      }
    >
      {plan && (
        <div className="prose">
          <p>
            The opening has <strong>{plan.positions}</strong> positions with your opponent to move;{' '}
            <strong>{plan.uncached}</strong> of them are not in the statistics cache yet.
          </p>
          <p>
            Estimated time: <strong data-testid="coverage-minutes">{estimatedTimeText(minutes)}</strong> (about
            1.5 s per position fetched from Lichess, for example about 30 minutes for 1200 positions).
          </p>
          <p className="muted">
            Time controls: {plan.filters.speeds.join(', ')}. Ratings: {plan.filters.ratings.join(', ')}.
          </p>
        </div>
      )}
    </Modal>
  );
}
