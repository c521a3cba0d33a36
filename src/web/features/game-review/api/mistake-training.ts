import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LearnAttemptAnswer,
  LearnAttemptRequest,
  MistakeCardAnswer,
  MistakeTraining,
} from '@contract/mistake-training';
import { apiGet, apiPostJson } from '../../../lib/api-client';
import { gameReviewsQueryKey } from './get-game-reviews';

// Under the reviews' key: whatever refetches the reviews (a new analysis, a mistake marked or deleted)
// refetches the training of their mistakes too.
export const mistakeTrainingQueryKey = (reviewId: number) => [...gameReviewsQueryKey, 'training', reviewId] as const;

/** Each mistake's card, whether its position is in the repertoire, and its tries in Learn from your mistakes. */
export async function getMistakeTraining(reviewId: number): Promise<MistakeTraining[]> {
  const answer = await apiGet<{ api_data: MistakeTraining[] }>('/api/mistake-training', { game_review_id: reviewId });
  return answer.api_data;
}

export const mistakeTrainingQueryOptions = (reviewId: number) =>
  queryOptions({ queryKey: mistakeTrainingQueryKey(reviewId), queryFn: () => getMistakeTraining(reviewId) });

export const useMistakeTraining = (reviewId: number) => useQuery(mistakeTrainingQueryOptions(reviewId));

/** Makes the mistake's card, or answers the one made before. */
export async function makeMistakeCard(mistakeId: number): Promise<MistakeCardAnswer> {
  return (await apiPostJson<{ api_data: MistakeCardAnswer }>('/api/mistake-card', { mistake_id: mistakeId })).api_data;
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

export async function recordLearnAttempt(input: LearnAttemptRequest): Promise<LearnAttemptAnswer> {
  return (await apiPostJson<{ api_data: LearnAttemptAnswer }>('/api/learn-attempts', input)).api_data;
}

export function useRecordLearnAttempt(reviewId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordLearnAttempt,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mistakeTrainingQueryKey(reviewId) }),
  });
}
