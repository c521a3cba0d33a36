import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Card, Grade, ReviewCardAnswer } from '@contract/cards';
import { apiPostJson } from '../../../lib/api-client';
import { cardsQueryKey, mergeCards } from './get-cards';

/** Scores a card; the server schedules it on its own clock and keeps the review log. */
export async function reviewCard(input: { id: string; rating: Grade }): Promise<ReviewCardAnswer> {
  const answer = await apiPostJson<{ api_data: ReviewCardAnswer }>('/api/review-card', input);
  return answer.api_data;
}

export function useReviewCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewCard,
    onSuccess: ({ card }) => {
      queryClient.setQueryData<Card[]>(cardsQueryKey, (cached) => mergeCards(cached, [card]));
    },
  });
}
