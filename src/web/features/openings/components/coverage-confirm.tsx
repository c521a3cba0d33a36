import { Modal } from '../../../components/modal';
import { TOP_SETTLED, type CoveragePlan } from '../lib/use-coverage';
import { estimatedTimeText } from '../lib/messages';
import { noun } from '../../../lib/plural';

type Props = { plan: CoveragePlan | undefined; onProceed: () => void; onCancel: () => void };

/** The confirmation popup with the estimated minutes (1.5 s per position still to fetch). */
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
            Estimated time: <strong data-testid="coverage-minutes">{estimatedTimeText(minutes)}</strong> (about 1.5 s
            per position fetched from Lichess, for example about 30 minutes for 1200 positions).
          </p>
          <p data-testid="coverage-until-settled">
            {plan.uncached === 0 ? (
              <>Every position is cached: the whole list of holes is known at once.</>
            ) : (
              <>
                <strong>{plan.uncached}</strong> {noun(plan.uncached, 'position needs', 'positions need')} a call to
                Lichess. The likeliest holes come first: the top {TOP_SETTLED} should be final after about{' '}
                <strong>{plan.untilSettled}</strong> {noun(plan.untilSettled, 'lookup')} (about{' '}
                {estimatedTimeText(Math.ceil((plan.untilSettled * 1.5) / 60))}), and the list fills in while the check
                runs.
              </>
            )}
          </p>
          {plan.replacing && (
            <p role="alert">
              A coverage check for {plan.opening.color === 'white' ? 'White' : 'Black'} is still running: proceeding
              replaces it.
            </p>
          )}
          <p className="muted">
            Time controls: {plan.filters.speeds.join(', ')}. Ratings: {plan.filters.ratings.join(', ')}.
          </p>
        </div>
      )}
    </Modal>
  );
}
