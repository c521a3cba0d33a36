import { createHash } from 'node:crypto';
import { buildRepertoireFromPgn, type Repertoire, type RepertoireOptions } from '../../chess/index.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { RepertoirePool, type BuildOutcome } from './repertoire-pool.js';

/** Texts at least this long are built on a worker thread; shorter ones take a few ms in place. */
export const WORKER_THRESHOLD_CHARS = 32 * 1024;
/** Memory bound of the cache, counted in positions (a 28,000-position repertoire is about 40 MB). */
const MAX_CACHED_POSITIONS = Number(process.env.REPERTOIRE_CACHE_POSITIONS) || 120_000;

interface Entry {
  built: Promise<Repertoire>;
  positions: number;
}

// Insertion order of a Map is the LRU order: a hit moves its entry to the end.
const cache = new Map<string, Entry>();
let cachedPositions = 0;
let pool: RepertoirePool | undefined;
const counters = { hits: 0, builds: 0 };

const cacheKey = (text: string, options: RepertoireOptions): string =>
  JSON.stringify([
    createHash('sha256').update(text).digest('base64'),
    options.color,
    [...(options.excludeSymbols ?? [])].sort(),
    options.name ?? null,
    options.lenient ?? false,
  ]);

/** A 400 for text that is not a readable PGN; pgnMessage is the reader's own words (game and move). */
export class UnreadablePgnError extends BadRequestError {
  constructor(readonly pgnMessage: string) {
    super(`The opening PGN could not be read: ${pgnMessage}`);
  }
}

const unreadable = (message: string) => new UnreadablePgnError(message);

function settle(outcome: BuildOutcome): Repertoire {
  if ('value' in outcome) return outcome.value;
  if ('pgnError' in outcome) throw unreadable(outcome.pgnError);
  throw new Error(outcome.failure);
}

async function build(text: string, options: RepertoireOptions): Promise<Repertoire> {
  counters.builds++;
  if (text.length < WORKER_THRESHOLD_CHARS) {
    const built = buildRepertoireFromPgn(text, options);
    if (built.isErr) throw unreadable(built.error.message);
    return built.value;
  }
  pool ??= new RepertoirePool();
  const plain = { ...options, excludeSymbols: options.excludeSymbols ? [...options.excludeSymbols] : undefined };
  return settle(await pool.build(text, plain));
}

function evict(): void {
  for (const [key, entry] of cache) {
    if (cachedPositions <= MAX_CACHED_POSITIONS || cache.size <= 1) return;
    cache.delete(key);
    cachedPositions -= entry.positions;
  }
}

/**
 * The one way the server turns opening text into a repertoire (forms, stored studies, drill, reports).
 * A PGN that cannot be read is a BadRequestError (400).
 *
 * Repertoires are cached by (text hash, colour, exclusions, name), least recently used first out once
 * the cache holds more than MAX_CACHED_POSITIONS; a changed text is a new key. Callers share the
 * cached object and must not change it. Large texts are parsed on a worker thread, so other requests
 * are answered meanwhile; calls for the same text while it is being built wait for that one build.
 */
export function repertoireFor(text: string, options: RepertoireOptions): Promise<Repertoire> {
  const key = cacheKey(text, options);
  const hit = cache.get(key);
  if (hit) {
    counters.hits++;
    cache.delete(key);
    cache.set(key, hit);
    return hit.built;
  }
  const entry: Entry = { built: build(text, options), positions: 0 };
  cache.set(key, entry);
  entry.built.then(
    (rep) => {
      if (cache.get(key) !== entry) return;
      entry.positions = rep.positions.size;
      cachedPositions += entry.positions;
      evict();
    },
    () => {
      // Errors are not kept: the next call tries again (and says why again).
      if (cache.get(key) === entry) cache.delete(key);
    },
  );
  return entry.built;
}

/** Boots the repertoire workers ahead of the first large study (the server does this at start). */
export function warmRepertoireWorkers(): void {
  pool ??= new RepertoirePool();
  pool.warm();
}

/** Cache figures for tests and benches: calls answered from the cache, and builds done. */
export const repertoireCacheCounters = (): Readonly<typeof counters> => ({ ...counters });

/** Empties the cache and stops the worker threads (tests, shutdown). */
export async function clearRepertoireCache(): Promise<void> {
  cache.clear();
  cachedPositions = 0;
  const closing = pool;
  pool = undefined;
  await closing?.close();
}
