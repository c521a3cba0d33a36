import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getCardsQueryOptions } from '../features/cards/api/get-cards';
import { gameReviewsQueryOptions } from '../features/game-review/api/get-game-reviews';
import { sessionQueryOptions, useUser } from '../lib/session';
import { paths } from './paths';

/** Loads the user's cards and game reviews as soon as the session is known, so every screen opens with them. */
export function SessionDataLoader() {
  const user = useUser();
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(getCardsQueryOptions());
    void queryClient.prefetchQuery(gameReviewsQueryOptions);
  }, [queryClient, user.id]);
  return null;
}

/**
 * Started before the first render: the session check, and for a card or review screen opened
 * directly (reload, bookmark) its data and its code, all at once instead of one after another.
 * Logged out, the data calls just answer 401.
 */
export function startEarlyLoads(queryClient: QueryClient, path = window.location.pathname): void {
  void queryClient.prefetchQuery(sessionQueryOptions);
  if (path !== paths.gameReview && path !== paths.reviewCards && path !== paths.manageCards) return;
  void queryClient.prefetchQuery(getCardsQueryOptions());
  if (path === paths.gameReview) {
    void queryClient.prefetchQuery(gameReviewsQueryOptions);
    void import('./game-review-page');
  }
}
