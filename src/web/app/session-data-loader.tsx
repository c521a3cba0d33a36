import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getCardsQueryOptions } from '../features/cards/api/get-cards';
import { gameReviewsQueryOptions } from '../features/game-review/api/get-game-reviews';
import { useUser } from '../lib/session';
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
 * A card or review screen opened directly (reload, bookmark) asks for its data at once, beside the
 * session check, instead of after it. Logged out, the calls just answer 401.
 */
export function EarlyDataLoader() {
  const queryClient = useQueryClient();
  const [path] = useState(() => window.location.pathname);
  useEffect(() => {
    if (path !== paths.gameReview && path !== paths.reviewCards && path !== paths.manageCards) return;
    void queryClient.prefetchQuery(getCardsQueryOptions());
    if (path === paths.gameReview) {
      void queryClient.prefetchQuery(gameReviewsQueryOptions);
      void import('./game-review-page');
    }
  }, [queryClient, path]);
  return null;
}
