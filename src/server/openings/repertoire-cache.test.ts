import { afterAll, describe, expect, it } from 'vitest';
import {
  buildRepertoireFromPgn,
  checkConsistency,
  createOpeningBook,
  type RepertoireOptions,
} from '../../chess/index.js';
import { readFixture } from '../../../test/fixtures.js';
import {
  clearRepertoireCache,
  repertoireCacheCounters,
  answerFor,
  repertoireFor,
  STEPS_THRESHOLD_CHARS,
  UnreadablePgnError,
  warmRepertoireWorkers,
  WORKER_THRESHOLD_CHARS,
} from './repertoire-cache.js';
import { playRandomGame } from './random-game.js';
import { generateStudy } from '../../../bench/generated-study.js';
import { ONE_MESSAGE_POSITIONS, POSITIONS_PER_PART } from './repertoire-transfer.js';

const deep = readFixture('lichess/study_GJ5NRo9a_deep_tree_2024.pgn');
const ruy = readFixture('lichess/study_i5a1oOJH_ruy_lopez_2021.pgn');
const fresh = (text: string, options: RepertoireOptions) => buildRepertoireFromPgn(text, options).unwrap();

afterAll(() => clearRepertoireCache());

describe('repertoireFor', () => {
  it('builds a large study on a worker thread with the same result as a fresh parse', async () => {
    expect(deep.length).toBeGreaterThan(WORKER_THRESHOLD_CHARS);
    const options: RepertoireOptions = { color: 'white', excludeSymbols: ['?'], lenient: true };
    const cached = await repertoireFor(deep, options);
    const expected = fresh(deep, options);
    expect(cached).toStrictEqual(expected);
    expect(checkConsistency(cached)).toEqual(checkConsistency(expected));
    expect(createOpeningBook(cached)).toEqual(createOpeningBook(expected));
    expect([...cached.positions.keys()]).toEqual([...expected.positions.keys()]);
  });

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
    expect(await repertoireFor(text, options)).toStrictEqual(expected);
  });

  it('workers started ahead of need (reading a generated study first) build the same result', async () => {
    await clearRepertoireCache();
    warmRepertoireWorkers();
    const options: RepertoireOptions = { color: 'black', excludeSymbols: ['?!'], lenient: true };
    const cached = await repertoireFor(deep, options);
    const expected = fresh(deep, options);
    expect([...cached.positions.keys()]).toEqual([...expected.positions.keys()]);
    expect(checkConsistency(cached)).toEqual(checkConsistency(expected));
    expect(createOpeningBook(cached)).toEqual(createOpeningBook(expected));
  });

  it('builds a small study in place with the same result as a fresh parse', async () => {
    expect(ruy.length).toBeLessThan(WORKER_THRESHOLD_CHARS);
    expect(await repertoireFor(ruy, { color: 'black' })).toEqual(fresh(ruy, { color: 'black' }));
  });

  it('answers a repeated call from the cache, and builds again when the text or options change', async () => {
    await clearRepertoireCache();
    const first = await repertoireFor(deep, { color: 'white', lenient: true });
    const before = repertoireCacheCounters();
    const again = await repertoireFor(deep, { color: 'white', excludeSymbols: [], lenient: true });
    expect(again).toBe(first);
    expect(repertoireCacheCounters().builds).toBe(before.builds);
    expect(repertoireCacheCounters().hits).toBe(before.hits + 1);

    const black = await repertoireFor(deep, { color: 'black', lenient: true });
    expect(black.color).toBe('black');
    const edited = `${deep.trimEnd()}\n\n[Event "Extra"]\n\n1. d4 d5 *\n`;
    const changed = await repertoireFor(edited, { color: 'white', lenient: true });
    expect(changed).not.toBe(first);
    expect(changed.chapters.length).toBe(first.chapters.length + 1);
    expect(changed).toEqual(fresh(edited, { color: 'white', lenient: true }));
    expect(repertoireCacheCounters().builds).toBe(before.builds + 2);
  });

  it('shares one build between calls made while it runs', async () => {
    await clearRepertoireCache();
    const before = repertoireCacheCounters().builds;
    const [a, b] = await Promise.all([
      repertoireFor(deep, { color: 'white', lenient: true }),
      repertoireFor(deep, { color: 'white', lenient: true }),
    ]);
    expect(a).toBe(b);
    expect(repertoireCacheCounters().builds).toBe(before + 1);
  });

  it('rejects an unreadable PGN with a 400 naming the game and move, from the worker too, and does not keep the error', async () => {
    const bad = `${Array(8).fill(ruy.trim()).join('\n\n')}\n\n[Event "Broken"]\n\n1. e4 e5 2. Nf6 *\n`;
    await expect(repertoireFor(bad, { color: 'white' })).rejects.toThrow(UnreadablePgnError);
    await expect(repertoireFor(bad, { color: 'white' })).rejects.toThrow(/illegal move 2\. Nf6/);
    await expect(repertoireFor('1. e4 e5 2. Nf6', { color: 'white' })).rejects.toThrow(
      'The opening PGN could not be read: Game 1 "Game 1": illegal move 2. Nf6',
    );
  });
  it('builds a text past the steps threshold on the server thread, game by game, with the same result', async () => {
    const text = generateStudy(260);
    expect(text.length).toBeGreaterThan(STEPS_THRESHOLD_CHARS);
    const before = repertoireCacheCounters().builds;
    const rep = await repertoireFor(text, { color: 'black' });
    expect(repertoireCacheCounters().builds).toBe(before + 1);
    expect(rep).toEqual(fresh(text, { color: 'black' }));
  });

  it('builds a text once for every name it is asked under, each name a view with its own answers', async () => {
    await clearRepertoireCache();
    const before = repertoireCacheCounters().builds;
    const plain = await repertoireFor(deep, { color: 'white', lenient: true });
    const titled = await repertoireFor(deep, { color: 'white', lenient: true, name: 'My title' });
    const again = await repertoireFor(deep, { color: 'white', lenient: true, name: 'My title' });
    expect(repertoireCacheCounters().builds).toBe(before + 1);
    expect(titled.name).toBe('My title');
    expect(plain.name).toBe(fresh(deep, { color: 'white', lenient: true }).name);
    expect(titled.positions).toBe(plain.positions);
    expect(again).toBe(titled);
    // The same text with CRLF line ends, as a form sends it, is the same study.
    expect(await repertoireFor(deep.replace(/\n/g, '\r\n'), { color: 'white', lenient: true })).toBe(plain);
    expect(titled).toEqual(fresh(deep, { color: 'white', lenient: true, name: 'My title' }));

    const answer = (text: string) => async () => ({ br: Buffer.from(text), length: text.length });
    const a = await answerFor(plain, 'kind', answer('plain'));
    const b = await answerFor(titled, 'kind', answer('titled'));
    expect(a.br.toString()).toBe('plain');
    expect(b.br.toString()).toBe('titled');
    expect((await answerFor(titled, 'kind', answer('other'))).br.toString()).toBe('titled');
  });
});
