import { dehydrate, hydrate, matchMutation, type Mutation, type QueryClient } from '@tanstack/react-query';
import { sessionQueryKey, type SessionAnswer } from '../../../lib/session';
import { learnAttemptsMutationKey } from '../api/mistake-training';

/** One key per player: a try is shown and sent again only while its own player is signed in. */
const storageKey = (userId: number) => `chess-prep.unsent-learn-tries.${userId}`;
/** Where a build before the per-player keys kept them, without saying whose they were. */
const UNOWNED_KEY = 'chess-prep.unsent-learn-tries';

type AnyMutation = Mutation<unknown, Error, unknown, unknown>;

const isTry = (mutation: AnyMutation): boolean => matchMutation({ mutationKey: learnAttemptsMutationKey }, mutation);

const isUnsentTry = (mutation: AnyMutation): boolean =>
  matchMutation({ mutationKey: learnAttemptsMutationKey, status: 'error' }, mutation);

/** The signed-in player's id, from the cached session check; undefined when signed out or not known yet. */
const signedIn = (client: QueryClient): number | undefined => {
  const session = client.getQueryData<SessionAnswer>(sessionQueryKey);
  return session?.LoggedIn ? session.user.id : undefined;
};

/**
 * Keeps the Learn tries that failed for good across a reload: written to the browser's storage, under
 * the signed-in player, as TanStack Query dehydrates them whenever the tries change, and put back into
 * the cache when that player is signed in, where UnsentTries finds them. Signing out (or in as another
 * player) takes them out of the page, not out of the storage: they come back with their player.
 * Returns the function that stops keeping them.
 */
export function keepUnsentTries(client: QueryClient, storage: Storage = window.localStorage): () => void {
  // Neither a tried try nor its answer goes away by itself: only Save again takes one out.
  client.setMutationDefaults(learnAttemptsMutationKey, { gcTime: Infinity });
  storage.removeItem(UNOWNED_KEY);
  const mutations = client.getMutationCache();
  /** The player whose tries the page holds now. */
  let owner: number | undefined;

  const follow = () => {
    const player = signedIn(client);
    if (player === owner) return;
    // No player owns the page while its tries are taken out, so their removal rewrites no storage.
    owner = undefined;
    for (const mutation of mutations.getAll()) if (isTry(mutation)) mutations.remove(mutation);
    if (player === undefined) return;
    try {
      const saved = storage.getItem(storageKey(player));
      if (saved) hydrate(client, JSON.parse(saved));
    } catch {
      storage.removeItem(storageKey(player));
    }
    owner = player;
  };

  const stopFollowing = client.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] === sessionQueryKey[0]) follow();
  });
  follow();
  const stopKeeping = mutations.subscribe((event) => {
    // Other mutations (a card review, a note) leave the stored tries as they are.
    if (owner === undefined || !event.mutation || !isTry(event.mutation)) return;
    const state = dehydrate(client, { shouldDehydrateQuery: () => false, shouldDehydrateMutation: isUnsentTry });
    try {
      if (state.mutations.length > 0) storage.setItem(storageKey(owner), JSON.stringify(state));
      else storage.removeItem(storageKey(owner));
    } catch {
      // Storage full or refused: the tries stay on this page, and leaving it asks first.
    }
  });
  return () => {
    stopFollowing();
    stopKeeping();
  };
}
