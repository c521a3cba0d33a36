import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameReview, UpsertGameReviewInput } from '@contract/game-reviews';
import { upsertGameReview } from '../../../lib/game-reviews';
import { gameReviewsQueryKey } from './get-game-reviews';
import { recentGamesQueryKey } from './get-recent-games';

export { upsertGameReview };

/** The server answers first, then the cached list takes the stored review (server first). */
export function useUpsertGameReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: UpsertGameReviewInput) => upsertGameReview(review),
    onSuccess: (saved, input) => {
      queryClient.setQueryData<GameReview[]>(gameReviewsQueryKey, (old) => {
        if (!old) return [saved];
        return old.some((r) => r.id === saved.id) ? old.map((r) => (r.id === saved.id ? saved : r)) : [saved, ...old];
      });
      void queryClient.invalidateQueries({ queryKey: gameReviewsQueryKey });
      // A newly saved game leaves the recent games lists.
      if (!('id' in input) || input.id === undefined)
        void queryClient.invalidateQueries({ queryKey: recentGamesQueryKey });
    },
  });
}
