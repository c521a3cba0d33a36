import { dehydrate, hydrate, matchMutation, type Mutation, type QueryClient } from '@tanstack/react-query';
import { learnAttemptsMutationKey } from '../api/mistake-training';

const STORAGE_KEY = 'chess-prep.unsent-learn-tries';

const isTry = (mutation: Mutation<unknown, Error, unknown, unknown>): boolean =>
  matchMutation({ mutationKey: learnAttemptsMutationKey }, mutation);

const isUnsentTry = (mutation: Mutation<unknown, Error, unknown, unknown>): boolean =>
  matchMutation({ mutationKey: learnAttemptsMutationKey, status: 'error' }, mutation);

/**
 * Keeps the Learn tries that failed for good across a reload: written to the browser's storage as
 * TanStack Query dehydrates them whenever the mutations change, and put back into the cache at start,
 * where UnsentTries finds them. Returns the function that stops keeping them.
 */
export function keepUnsentTries(client: QueryClient, storage: Storage = window.localStorage): () => void {
  // Neither a tried try nor its answer goes away by itself: only Save again takes one out.
  client.setMutationDefaults(learnAttemptsMutationKey, { gcTime: Infinity });
  try {
    const saved = storage.getItem(STORAGE_KEY);
    if (saved) hydrate(client, JSON.parse(saved));
  } catch {
    storage.removeItem(STORAGE_KEY);
  }
  return client.getMutationCache().subscribe((event) => {
    // Other mutations (a card review, a note) leave the stored tries as they are.
    if (!event.mutation || !isTry(event.mutation)) return;
    const state = dehydrate(client, { shouldDehydrateQuery: () => false, shouldDehydrateMutation: isUnsentTry });
    try {
      if (state.mutations.length > 0) storage.setItem(STORAGE_KEY, JSON.stringify(state));
      else storage.removeItem(STORAGE_KEY);
    } catch {
      // Storage full or refused: the tries stay on this page, and leaving it asks first.
    }
  });
}
