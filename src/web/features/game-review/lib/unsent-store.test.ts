import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { sessionQueryKey, type SessionAnswer } from '../../../lib/session';
import { learnAttemptMutationKey } from '../api/mistake-training';
import { keepUnsentTries } from './unsent-store';

/** The browser's storage, in memory. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

/** Signs the page's player in (their id) or out (undefined), as the session check's answer would. */
const signIn = (client: QueryClient, id: number | undefined) => {
  const user = {
    id,
    email: `p${id}@example.com`,
    username: `p${id}`,
    username_lichess: null,
    username_chess_dot_com: null,
  };
  const answer: SessionAnswer =
    id === undefined ? { LoggedIn: false, api_result: 'successful_logout' } : { LoggedIn: true, user: { ...user, id } };
  client.setQueryData(sessionQueryKey, answer);
};

/** A page of player 1 (or `id`) that keeps its tries in `storage`. */
const page = (storage: Storage, id: number | undefined = 1) => {
  const client = new QueryClient();
  signIn(client, id);
  keepUnsentTries(client, storage);
  return client;
};

const attempt = (ply: number) => ({ game_review_id: 7, ply, uci: 'g7g6', solved: true });

/** Runs one try through the client's mutation cache; `fails` makes its request fail. */
const send = (client: QueryClient, ply: number, fails: boolean) =>
  client
    .getMutationCache()
    .build(client, {
      mutationKey: learnAttemptMutationKey(7),
      mutationFn: () => (fails ? Promise.reject(new Error('Could not reach the server')) : Promise.resolve(ply)),
    })
    .execute(attempt(ply))
    .catch(() => undefined);

const failedTries = (client: QueryClient) =>
  client
    .getMutationCache()
    .findAll({ mutationKey: learnAttemptMutationKey(7), status: 'error' })
    .map((m) => m.state.variables);

describe('keepUnsentTries', () => {
  it('keeps the tries that failed across a reload, and only those', async () => {
    const storage = new MemoryStorage();
    const before = page(storage);
    await send(before, 6, true);
    await send(before, 8, false);
    await send(before, 10, true);
    expect(storage.length).toBe(1);

    // The page is loaded again: a new client reads them back, with what each try sent.
    const after = page(storage);
    expect(failedTries(after)).toEqual([attempt(6), attempt(10)]);
  });

  it('shows a player’s tries to that player alone: signing out or in as another takes them off the page, not out of storage', async () => {
    const storage = new MemoryStorage();
    const client = page(storage, 1);
    await send(client, 6, true);
    signIn(client, undefined);
    expect(failedTries(client)).toEqual([]);
    signIn(client, 2);
    expect(failedTries(client)).toEqual([]);
    await send(client, 12, true);
    expect(failedTries(page(storage, 2))).toEqual([attempt(12)]);
    // Player 1 back, on this page or a new one: their try is there, and not player 2's.
    signIn(client, 1);
    expect(failedTries(client)).toEqual([attempt(6)]);
    expect(failedTries(page(storage, 1))).toEqual([attempt(6)]);
    // A page that does not know its player yet holds nobody's.
    const loading = new QueryClient();
    keepUnsentTries(loading, storage);
    expect(failedTries(loading)).toEqual([]);
  });

  it('forgets a try once it is taken out to be sent again, and the storage once none is left', async () => {
    const storage = new MemoryStorage();
    const client = page(storage);
    await send(client, 6, true);
    const cache = client.getMutationCache();
    for (const mutation of cache.findAll({ status: 'error' })) cache.remove(mutation);
    expect(storage.length).toBe(0);
    expect(failedTries(page(storage))).toEqual([]);
  });

  it('starts empty when what is stored does not read', () => {
    const storage = new MemoryStorage();
    storage.setItem('chess-prep.unsent-learn-tries.1', '{not json');
    expect(failedTries(page(storage))).toEqual([]);
    expect(storage.length).toBe(0);
  });
});
