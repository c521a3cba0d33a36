import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cardsApi, type Card } from '@contract/cards';
import { call } from '../../../lib/api';
import { cardsQueryKey } from './get-cards';

/** Deletes one card of the player's; a card that is already gone is not an error. */
export async function deleteCard(id: string): Promise<void> {
  await call(cardsApi.delete, { body: { id } });
}

/**
 * Deletes cards one call each, on the server first; the cached list then drops the ids the server
 * confirmed, even when a later call fails.
 */
export function useDeleteCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: readonly string[]) => {
      const done: string[] = [];
      try {
        for (const id of ids) {
          await deleteCard(id);
          done.push(id);
        }
      } finally {
        const gone = new Set(done);
        queryClient.setQueryData<Card[]>(cardsQueryKey, (cached) => cached?.filter((card) => !gone.has(card.id)));
      }
      return done;
    },
  });
}
