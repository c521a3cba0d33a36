import { useIsMutating, useMutationState, useQueryClient } from '@tanstack/react-query';
import type { LearnAttemptRequest } from '@contract/mistake-training';
import { errorText } from '../../../lib/api-client';
import { useLeaveQuestion } from '../../../lib/unsaved-guard';
import { learnAttemptMutationKey, useRecordLearnAttempt } from '../api/mistake-training';

/**
 * The review's Learn tries the server has not stored: leaving the page asks first while one is on its
 * way (retried when the connection drops) or was given up on, and those given up on are named with a
 * button that sends them again. They are read from the mutation cache, so a try that fails after the
 * Learn panel closed is still shown, and one kept across a reload (keepUnsentTries).
 */
export function UnsentTries({ reviewId }: { reviewId: number }) {
  const mutationKey = learnAttemptMutationKey(reviewId);
  const queryClient = useQueryClient();
  const record = useRecordLearnAttempt(reviewId);
  const sending = useIsMutating({ mutationKey }) > 0;
  const failed = useMutationState({
    filters: { mutationKey, status: 'error' },
    select: (mutation) => mutation.state.error,
  });
  useLeaveQuestion(sending || failed.length > 0);
  if (failed.length === 0) return null;
  // A try kept across a reload has lost its error object: only that it failed is known.
  const last = failed[failed.length - 1];

  const sendAgain = () => {
    const cache = queryClient.getMutationCache();
    for (const mutation of cache.findAll({ mutationKey, status: 'error' })) {
      cache.remove(mutation);
      record.mutate(mutation.state.variables as LearnAttemptRequest);
    }
  };
  return (
    <div className="form-message is-error gr-learn-unsent" role="alert">
      <p>
        {failed.length === 1 ? 'A try was' : `${failed.length} tries were`} not saved
        {last instanceof Error ? `: ${errorText(last)}` : '.'}
      </p>
      <button type="button" className="button" onClick={sendAgain}>
        Save again
      </button>
    </div>
  );
}
