import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  mistakeTrainingApi,
  type LearnAttemptAnswer,
  type LearnAttemptRequest,
  type MistakeCardAnswer,
  type MistakeTraining,
} from '@contract/mistake-training';
import { callData } from '../../../lib/api';
import { retryUnlessRefused } from '../../../lib/api-client';
import { gameReviewsQueryKey } from './get-game-reviews';

// Under the reviews' key: whatever refetches the reviews (a new analysis, a mistake marked or deleted)
// refetches the training of their mistakes too.
export const mistakeTrainingQueryKey = (reviewId: number) => [...gameReviewsQueryKey, 'training', reviewId] as const;

/** Each mistake's card, whether its position is in the repertoire, and its tries in Learn from your mistakes. */
export async function getMistakeTraining(reviewId: number): Promise<MistakeTraining[]> {
  return callData(mistakeTrainingApi.training, { query: { game_review_id: reviewId } });
}

export const mistakeTrainingQueryOptions = (reviewId: number) =>
  queryOptions({ queryKey: mistakeTrainingQueryKey(reviewId), queryFn: () => getMistakeTraining(reviewId) });

export const useMistakeTraining = (reviewId: number) => useQuery(mistakeTrainingQueryOptions(reviewId));

/** Makes the mistake's card, or answers the one made before. */
export async function makeMistakeCard(mistakeId: number): Promise<MistakeCardAnswer> {
  return callData(mistakeTrainingApi.card, { body: { mistake_id: mistakeId } });
}

export function useMakeMistakeCard(reviewId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeMistakeCard,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: mistakeTrainingQueryKey(reviewId) }),
        queryClient.invalidateQueries({ queryKey: ['cards'] }),
      ]),
  });
}

/**
 * Records a try. Kept alive: the board has already answered it, so a reload or a closed tab while it is
 * on its way must not cancel it (the browser sends it on after the page has gone).
 */
export async function recordLearnAttempt(input: LearnAttemptRequest): Promise<LearnAttemptAnswer> {
  return callData(mistakeTrainingApi.learnAttempt, { body: input }, { keepalive: true });
}

/** Every review's Learn tries on their way to the server, or failed for good. */
export const learnAttemptsMutationKey = [...gameReviewsQueryKey, 'learn-attempt'] as const;

/** One review's tries (useIsMutating counts them). */
export const learnAttemptMutationKey = (reviewId: number) => [...learnAttemptsMutationKey, reviewId] as const;

export function useRecordLearnAttempt(reviewId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: learnAttemptMutationKey(reviewId),
    mutationFn: recordLearnAttempt,
    // The board has already answered the try: a dropped connection must not lose it, and one that
    // fails for good stays in the cache, across a reload too, until sent again (keepUnsentTries).
    retry: retryUnlessRefused,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mistakeTrainingQueryKey(reviewId) }),
  });
}
