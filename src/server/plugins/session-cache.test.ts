import { describe, expect, test } from 'vitest';
import { SessionCache } from './session-cache.js';

interface User {
  id: number;
  name: string;
}

/** A look-up the test settles by hand, counting how often it was asked. */
function slowLoad(user: User | undefined) {
  const calls: ((value: User | undefined) => void)[] = [];
  const load = () => new Promise<User | undefined>((resolve) => calls.push(() => resolve(user)));
  return { load, calls, settle: () => calls.forEach((resolve) => resolve(user)) };
}

describe('session cache', () => {
  test('thirty requests that miss at once ask once and all get the answer, then it is kept', async () => {
    const cache = new SessionCache<User>(2_000);
    const ann = { id: 1, name: 'ann' };
    const { load, calls, settle } = slowLoad(ann);
    const answers = Promise.all(Array.from({ length: 30 }, () => cache.lookUp('cookie', load)));
    expect(calls).toHaveLength(1);
    settle();
    expect(await answers).toEqual(Array.from({ length: 30 }, () => ann));
    expect(cache.get('cookie')).toEqual(ann);
  });

  test('a sign-out while a look-up runs: its answer is not kept, and later requests ask afresh', async () => {
    const cache = new SessionCache<User>(2_000);
    const before = slowLoad({ id: 1, name: 'ann' });
    const first = cache.lookUp('cookie', before.load);
    cache.delete('cookie');
    const after = slowLoad(undefined);
    const second = cache.lookUp('cookie', after.load);
    expect(after.calls).toHaveLength(1);
    before.settle();
    after.settle();
    expect(await first).toEqual({ id: 1, name: 'ann' });
    expect(await second).toBeUndefined();
    expect(cache.get('cookie')).toBeUndefined();
  });

  test("forgetting a player's sessions drops theirs only, and a failed look-up is asked again", async () => {
    const cache = new SessionCache<User>(2_000);
    await cache.lookUp('a', async () => ({ id: 1, name: 'ann' }));
    await cache.lookUp('b', async () => ({ id: 2, name: 'bob' }));
    cache.deleteUser(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual({ id: 2, name: 'bob' });

    await expect(cache.lookUp('c', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.lookUp('c', async () => ({ id: 3, name: 'cy' }))).toEqual({ id: 3, name: 'cy' });
  });

  test('an entry runs out after its time; none is kept when the time is 0', async () => {
    const cache = new SessionCache<User>(30);
    await cache.lookUp('a', async () => ({ id: 1, name: 'ann' }));
    expect(cache.get('a')).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(cache.get('a')).toBeUndefined();
    const off = new SessionCache<User>(0);
    await off.lookUp('a', async () => ({ id: 1, name: 'ann' }));
    expect(off.get('a')).toBeUndefined();
  });
});
