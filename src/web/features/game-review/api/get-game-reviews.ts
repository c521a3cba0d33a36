import { queryOptions, useQuery } from '@tanstack/react-query';
import { gameReviewsApi, type GameReview } from '@contract/game-reviews';
import { callData } from '../../../lib/api';

export const gameReviewsQueryKey = ['game-reviews'] as const;

/** The user's reviews with their mistakes, newest first. The screen shows an empty list and the error when loading fails. */
export async function getGameReviews(): Promise<GameReview[]> {
  return callData(gameReviewsApi.reviews);
}

export const gameReviewsQueryOptions = queryOptions({
  queryKey: gameReviewsQueryKey,
  queryFn: getGameReviews,
  // The early and the session prefetch and the screen share one load (see the cards list).
  staleTime: 15_000,
});

export function useGameReviews() {
  return useQuery(gameReviewsQueryOptions);
}
