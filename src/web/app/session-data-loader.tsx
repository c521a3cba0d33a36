import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getCardsQueryOptions } from '../features/cards';
import { gameReviewsQueryOptions } from '../features/game-review';
import { useUser } from '../lib/session';

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
