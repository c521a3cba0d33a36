import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardsApi, type Card, type CardDraft } from '@contract/cards';
import { callData } from '../../../lib/api';
import { cardsQueryKey, mergeCards } from './get-cards';

export type { CardDraft };

/** Creates or edits cards; answers the cards as stored. */
export async function upsertCards(cards: CardDraft[]): Promise<Card[]> {
  return callData(cardsApi.upsert, { body: cards });
}

/** Saves on the server first, then puts the stored cards into the cached list. */
export function useUpsertCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upsertCards,
    onSuccess: (saved) => {
      queryClient.setQueryData<Card[]>(cardsQueryKey, (cached) => mergeCards(cached, saved));
    },
  });
}

/** A new unique card id; randomUUID needs a secure context, so plain HTTP falls back to random bytes. */
export function newCardId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
