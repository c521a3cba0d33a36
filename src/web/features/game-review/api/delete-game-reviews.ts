import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gameReviewsApi, type GameReview } from '@contract/game-reviews';
import { isApiError } from '../../../lib/api-client';
import { call } from '../../../lib/api';
import { gameReviewsQueryKey } from './get-game-reviews';
import { recentGamesQueryKey } from './get-recent-games';

/** Deletes one review with its mistakes. A review already gone (404) counts as deleted. */
export async function deleteGameReview(id: number): Promise<void> {
  try {
    await call(gameReviewsApi.remove, { body: { game_review_id: id } });
  } catch (error) {
    if (!(isApiError(error) && error.status === 404)) throw error;
  }
}

/** Deletes the checked reviews one by one; the list drops each only after the server has. */
export function useDeleteGameReviews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly number[]) => {
      const deleted: number[] = [];
      try {
        for (const id of ids) {
          await deleteGameReview(id);
          deleted.push(id);
        }
      } finally {
        queryClient.setQueryData<GameReview[]>(gameReviewsQueryKey, (old) =>
          old?.filter((r) => !deleted.includes(r.id)),
        );
      }
      return deleted;
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: gameReviewsQueryKey });
      // Deleted games may be offered again.
      void queryClient.invalidateQueries({ queryKey: recentGamesQueryKey });
    },
  });
}
