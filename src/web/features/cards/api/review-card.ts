import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Card } from '@contract/cards';
import { reviewCard } from '../../../lib/cards';
import { cardsQueryKey, mergeCards } from './get-cards';

/** Scores a card on the server, then puts the card as rescheduled into the cached list. */
export function useReviewCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewCard,
    onSuccess: ({ card }) => {
      queryClient.setQueryData<Card[]>(cardsQueryKey, (cached) => mergeCards(cached, [card]));
    },
  });
}
