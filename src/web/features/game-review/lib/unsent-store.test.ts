import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
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
    const before = new QueryClient();
    keepUnsentTries(before, storage);
    await send(before, 6, true);
    await send(before, 8, false);
    await send(before, 10, true);
    expect(storage.length).toBe(1);

    // The page is loaded again: a new client reads them back, with what each try sent.
    const after = new QueryClient();
    keepUnsentTries(after, storage);
    expect(failedTries(after)).toEqual([attempt(6), attempt(10)]);
  });

  it('forgets a try once it is taken out to be sent again, and the storage once none is left', async () => {
    const storage = new MemoryStorage();
    const client = new QueryClient();
    keepUnsentTries(client, storage);
    await send(client, 6, true);
    const cache = client.getMutationCache();
    for (const mutation of cache.findAll({ status: 'error' })) cache.remove(mutation);
    expect(storage.length).toBe(0);
    const reloaded = new QueryClient();
    keepUnsentTries(reloaded, storage);
    expect(failedTries(reloaded)).toEqual([]);
  });

  it('starts empty when what is stored does not read', () => {
    const storage = new MemoryStorage();
    storage.setItem('chess-prep.unsent-learn-tries', '{not json');
    const client = new QueryClient();
    keepUnsentTries(client, storage);
    expect(failedTries(client)).toEqual([]);
    expect(storage.length).toBe(0);
  });
});
