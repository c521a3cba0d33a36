import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gameReviewsApi, type Mistake, type UpsertMistakeInput } from '@contract/game-reviews';
import { call, callData } from '../../../lib/api';
import { gameReviewsQueryKey } from './get-game-reviews';

/** Stores a mistake (a move of a review); answers it as stored. */
export async function upsertMistake(mistake: UpsertMistakeInput): Promise<Mistake> {
  return callData(gameReviewsApi.upsertMistake, { body: mistake });
}

/** Deletes one mistake (delete-game-review with the mistake's id). */
export async function deleteMistake(id: number): Promise<void> {
  await call(gameReviewsApi.remove, { body: { mistake_id: id } });
}

/** Reviews carry their mistakes, so both calls refetch the reviews once the server has answered. */
export function useUpsertMistake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertMistake,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gameReviewsQueryKey }),
  });
}

export function useDeleteMistake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMistake,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gameReviewsQueryKey }),
  });
}
