import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import Fastify from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  buildRepertoireFromPgn,
  checkConsistency,
  createOpeningBook,
  type RepertoireOptions,
} from '../../chess/index.js';
import { readFixture } from '../../../test/fixtures.js';
import {
  createRepertoireCache,
  repertoireCachePlugin,
  STEPS_THRESHOLD_CHARS,
  UnreadablePgnError,
  WORKER_THRESHOLD_CHARS,
  type RepertoireCache,
} from './repertoire-cache.js';
import { WORKER_NICE } from '../worker-priority.js';
import { playRandomGame } from './random-game.js';
import { generateStudy } from '../../../bench/generated-study.js';
import { ONE_MESSAGE_POSITIONS, POSITIONS_PER_PART } from './repertoire-transfer.js';

const deep = readFixture('lichess/study_GJ5NRo9a_deep_tree_2024.pgn');
const ruy = readFixture('lichess/study_i5a1oOJH_ruy_lopez_2021.pgn');
const fresh = (text: string, options: RepertoireOptions) => buildRepertoireFromPgn(text, options).unwrap();
const answer = (text: string) => async () => ({ br: Buffer.from(text), length: text.length });

/** One cache for the tests that need no fresh one (its worker threads boot once). */
const shared = createRepertoireCache();
afterAll(() => shared.close());
/** Caches of a test's own, closed after it (with their worker threads). */
const made: RepertoireCache[] = [];
const newCache = () => {
  const cache = createRepertoireCache();
  made.push(cache);
  return cache;
};
afterEach(() => Promise.all(made.splice(0).map((cache) => cache.close())));

describe('repertoireFor', () => {
  it('builds a large study on a worker thread with the same result as a fresh parse', async () => {
    expect(deep.length).toBeGreaterThan(WORKER_THRESHOLD_CHARS);
    const options: RepertoireOptions = { color: 'white', excludeSymbols: ['?'], lenient: true };
    const cached = await shared.repertoireFor(deep, options);
    const expected = fresh(deep, options);
    expect(cached).toStrictEqual(expected);
    expect(checkConsistency(cached)).toEqual(checkConsistency(expected));
    expect(createOpeningBook(cached)).toEqual(createOpeningBook(expected));
    expect([...cached.positions.keys()]).toEqual([...expected.positions.keys()]);
  });

  it.runIf(existsSync('/proc/thread-self'))(
    'its worker threads run below the priority of the thread that asks',
    async () => {
      await newCache().repertoireFor(deep, { color: 'black', lenient: true });
      const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      const threads = readdirSync('/proc/self/task').map((tid) =>
        niceOf(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')),
      );
      expect(threads.filter((nice) => nice === WORKER_NICE).length).toBeGreaterThan(0);
      expect(getPriority()).toBe(0);
    },
  );

  it('hands a repertoire too large for one message over in parts, arriving whole', async () => {
    let seed = 11;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const games = Array.from(
      { length: 700 },
      (_, i) => `[Event "Line ${i + 1}"]\n\n${playRandomGame(random, 50, 4).join(' ')} *`,
    );
    const text = games.join('\n\n');
    const options: RepertoireOptions = { color: 'white' };
    const expected = fresh(text, options);
    expect(expected.positions.size).toBeGreaterThan(ONE_MESSAGE_POSITIONS + POSITIONS_PER_PART);
    expect(await shared.repertoireFor(text, options)).toStrictEqual(expected);
  });

  it('workers started ahead of need (reading a generated study first) build the same result', async () => {
    const repertoires = newCache();
    repertoires.warmWorkers();
    const options: RepertoireOptions = { color: 'black', excludeSymbols: ['?!'], lenient: true };
    const cached = await repertoires.repertoireFor(deep, options);
    const expected = fresh(deep, options);
    expect([...cached.positions.keys()]).toEqual([...expected.positions.keys()]);
    expect(checkConsistency(cached)).toEqual(checkConsistency(expected));
    expect(createOpeningBook(cached)).toEqual(createOpeningBook(expected));
  });

  it('builds a small study in place with the same result as a fresh parse', async () => {
    expect(ruy.length).toBeLessThan(WORKER_THRESHOLD_CHARS);
    const repertoires = newCache();
    expect(await repertoires.repertoireFor(ruy, { color: 'black' })).toEqual(fresh(ruy, { color: 'black' }));
    expect(repertoires.counters()).toEqual({ hits: 0, builds: 1, workerBuilds: 0 });
  });

  it('answers a repeated call from the cache, and builds again when the text or options change', async () => {
    const repertoires = newCache();
    const first = await repertoires.repertoireFor(deep, { color: 'white', lenient: true });
    const before = repertoires.counters();
    const again = await repertoires.repertoireFor(deep, { color: 'white', excludeSymbols: [], lenient: true });
    expect(again).toBe(first);
    expect(repertoires.counters().builds).toBe(before.builds);
    expect(repertoires.counters().hits).toBe(before.hits + 1);

    const black = await repertoires.repertoireFor(deep, { color: 'black', lenient: true });
    expect(black.color).toBe('black');
    const edited = `${deep.trimEnd()}\n\n[Event "Extra"]\n\n1. d4 d5 *\n`;
    const changed = await repertoires.repertoireFor(edited, { color: 'white', lenient: true });
    expect(changed).not.toBe(first);
    expect(changed.chapters.length).toBe(first.chapters.length + 1);
    expect(changed).toEqual(fresh(edited, { color: 'white', lenient: true }));
    expect(repertoires.counters().builds).toBe(before.builds + 2);
  });

  it('shares one build between calls made while it runs', async () => {
    const repertoires = newCache();
    const [a, b] = await Promise.all([
      repertoires.repertoireFor(deep, { color: 'white', lenient: true }),
      repertoires.repertoireFor(deep, { color: 'white', lenient: true }),
    ]);
    expect(a).toBe(b);
    expect(repertoires.counters().builds).toBe(1);
  });

  it('rejects an unreadable PGN with a 400 naming the game and move, from the worker too, and does not keep the error', async () => {
    const before = shared.counters().builds;
    const bad = `${Array(8).fill(ruy.trim()).join('\n\n')}\n\n[Event "Broken"]\n\n1. e4 e5 2. Nf6 *\n`;
    await expect(shared.repertoireFor(bad, { color: 'white' })).rejects.toThrow(UnreadablePgnError);
    await expect(shared.repertoireFor(bad, { color: 'white' })).rejects.toThrow(/illegal move 2\. Nf6/);
    await expect(shared.repertoireFor('1. e4 e5 2. Nf6', { color: 'white' })).rejects.toThrow(
      'The opening PGN could not be read: Game 1 "Game 1": illegal move 2. Nf6',
    );
    expect(shared.counters().builds).toBe(before + 3);
  });

  it('builds a text past the steps threshold on the server thread, game by game, with the same result', async () => {
    const text = generateStudy(260);
    expect(text.length).toBeGreaterThan(STEPS_THRESHOLD_CHARS);
    const repertoires = newCache();
    const rep = await repertoires.repertoireFor(text, { color: 'black' });
    expect(repertoires.counters()).toEqual({ hits: 0, builds: 1, workerBuilds: 0 });
    expect(rep).toEqual(fresh(text, { color: 'black' }));
  });

  it('builds a text once for every name it is asked under, each name a view with its own answers', async () => {
    const repertoires = newCache();
    const plain = await repertoires.repertoireFor(deep, { color: 'white', lenient: true });
    const titled = await repertoires.repertoireFor(deep, { color: 'white', lenient: true, name: 'My title' });
    const again = await repertoires.repertoireFor(deep, { color: 'white', lenient: true, name: 'My title' });
    expect(repertoires.counters().builds).toBe(1);
    expect(titled.name).toBe('My title');
    expect(plain.name).toBe(fresh(deep, { color: 'white', lenient: true }).name);
    expect(titled.positions).toBe(plain.positions);
    expect(again).toBe(titled);
    // The same text with CRLF line ends, as a form sends it, is the same study.
    expect(await repertoires.repertoireFor(deep.replace(/\n/g, '\r\n'), { color: 'white', lenient: true })).toBe(plain);
    expect(titled).toEqual(fresh(deep, { color: 'white', lenient: true, name: 'My title' }));

    const a = await repertoires.answerFor(plain, 'kind', answer('plain'));
    const b = await repertoires.answerFor(titled, 'kind', answer('titled'));
    expect(a.br.toString()).toBe('plain');
    expect(b.br.toString()).toBe('titled');
    expect((await repertoires.answerFor(titled, 'kind', answer('other'))).br.toString()).toBe('titled');
  });
});

describe('one cache per app', () => {
  it('two caches share no entry: each builds a text once, for itself', async () => {
    const [a, b] = [newCache(), newCache()];
    const fromA = await a.repertoireFor(ruy, { color: 'white' });
    const fromB = await b.repertoireFor(ruy, { color: 'white' });
    expect(fromB).not.toBe(fromA);
    expect(fromB).toEqual(fromA);
    expect(await a.repertoireFor(ruy, { color: 'white' })).toBe(fromA);
    expect(a.counters()).toEqual({ hits: 1, builds: 1, workerBuilds: 0 });
    expect(b.counters()).toEqual({ hits: 0, builds: 1, workerBuilds: 0 });
    await a.answerFor(fromA, 'kind', answer('from a'));
    expect((await b.answerFor(fromB, 'kind', answer('from b'))).br.toString()).toBe('from b');
  });

  it('closing a cache ends its worker threads, not the other cache’s; it still answers, built in place', async () => {
    const [a, b] = [newCache(), newCache()];
    a.warmWorkers();
    b.warmWorkers();
    expect(a.workerThreads()).toBeGreaterThan(0);
    await a.close();
    expect(a.workerThreads()).toBe(0);
    expect(b.workerThreads()).toBeGreaterThan(0);

    const options: RepertoireOptions = { color: 'white', lenient: true };
    expect(await a.repertoireFor(deep, options)).toEqual(fresh(deep, options));
    a.warmWorkers();
    expect(a.workerThreads()).toBe(0);
    expect(a.counters()).toEqual({ hits: 0, builds: 1, workerBuilds: 0 });
    expect(b.workerThreads()).toBeGreaterThan(0);
  });

  it('each app has its own cache, and closing an app ends its worker threads', async () => {
    const [one, two] = [Fastify(), Fastify()];
    await one.register(repertoireCachePlugin);
    await two.register(repertoireCachePlugin);
    try {
      expect(one.repertoireCache).not.toBe(two.repertoireCache);
      await one.repertoireCache.repertoireFor(ruy, { color: 'white' });
      await two.repertoireCache.repertoireFor(ruy, { color: 'white' });
      expect(two.repertoireCache.counters()).toEqual({ hits: 0, builds: 1, workerBuilds: 0 });

      one.repertoireCache.warmWorkers();
      expect(one.repertoireCache.workerThreads()).toBeGreaterThan(0);
      await one.close();
      expect(one.repertoireCache.workerThreads()).toBe(0);
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
