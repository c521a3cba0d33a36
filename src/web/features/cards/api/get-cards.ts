import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Card } from '@contract/cards';
import { getCards } from '../../../lib/cards';

export const cardsQueryKey = ['cards'] as const;

/**
 * Fresh for a short while: the early and the session prefetch and the screen itself share one load
 * (a refetch of thousands of cards costs a parse and a deep compare). This client's own changes
 * update the cache at once; other devices' changes show on the next load or window focus after it.
 */
export const LIST_FRESH_MS = 15_000;

export const getCardsQueryOptions = () =>
  queryOptions({ queryKey: cardsQueryKey, queryFn: getCards, staleTime: LIST_FRESH_MS });

export function useCards() {
  return useQuery(getCardsQueryOptions());
}

/** Sorted by due date, then id, as the server sorts them. */
export function sortByDue(cards: readonly Card[]): Card[] {
  return [...cards].sort((a, b) => Date.parse(a.due) - Date.parse(b.due) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The cached list with `saved` put in place of (or beside) the cards with the same ids. */
export function mergeCards(cached: readonly Card[] | undefined, saved: readonly Card[]): Card[] {
  const byId = new Map((cached ?? []).map((card) => [card.id, card]));
  for (const card of saved) byId.set(card.id, card);
  return sortByDue([...byId.values()]);
}
