import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { buildRepertoireFromPgn, type Repertoire, type RepertoireOptions } from '../../chess/index.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { RepertoirePool, type BuildOutcome } from './repertoire-pool.js';

/** Texts at least this long are built on a worker thread; shorter ones take a few ms in place. */
export const WORKER_THRESHOLD_CHARS = 32 * 1024;
/**
 * Memory bound of the cache in bytes: repertoires (estimated from their positions) and the answers
 * kept with them. A repertoire larger than the bound by itself is used by the calls waiting for it
 * and then dropped.
 */
export const MAX_CACHED_BYTES = (Number(process.env.REPERTOIRE_CACHE_MIB) || 256) * 1024 * 1024;
/** Heap a repertoire takes per position, measured on generated studies of 20,000 and 100,000 positions. */
export const BYTES_PER_POSITION = 1_000;

/** An answer computed once per cached repertoire (consistency, book): its JSON, brotli-compressed. */
export interface PreparedAnswer {
  br: Buffer;
  /** Length of the JSON text. */
  length: number;
}

interface Entry {
  built: Promise<Repertoire>;
  /** Estimated bytes: the repertoire once built (the text until then), plus its kept answers. */
  repertoireBytes: number;
  answers: Map<string, Promise<PreparedAnswer>>;
  answerBytes: number;
}

const entrySize = (entry: Entry) => Math.max(1, entry.repertoireBytes + entry.answerBytes);
const cache = new LRUCache<string, Entry>({ maxSize: MAX_CACHED_BYTES, sizeCalculation: entrySize });
/** Answers of repertoires outside the cache (too large to keep, or made elsewhere): kept while the object lives. */
const looseAnswers = new WeakMap<Repertoire, Map<string, Promise<PreparedAnswer>>>();
/** The cache key of each cached repertoire, to find its entry from the object. */
const keyOf = new WeakMap<Repertoire, string>();
let pool: RepertoirePool | undefined;
const counters = { hits: 0, builds: 0, workerBuilds: 0 };

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
  const outcome = await pool.build(text, plain);
  if ('value' in outcome) counters.workerBuilds++;
  return settle(outcome);
}

/**
 * The one way the server turns opening text into a repertoire (forms, stored studies, drill, reports).
 * A PGN that cannot be read is a BadRequestError (400).
 *
 * Repertoires are cached by (text hash, colour, exclusions, name), least recently used first out once
 * the cache holds more than MAX_CACHED_BYTES; a changed text is a new key. Callers share the
 * cached object and must not change it. Large texts are parsed on a worker thread, so other requests
 * are answered meanwhile; calls for the same text while it is being built wait for that one build.
 */
export function repertoireFor(text: string, options: RepertoireOptions): Promise<Repertoire> {
  const key = cacheKey(text, options);
  const hit = cache.get(key);
  if (hit) {
    counters.hits++;
    return hit.built;
  }
  const entry: Entry = {
    built: build(text, options),
    repertoireBytes: text.length,
    answers: new Map(),
    answerBytes: 0,
  };
  cache.set(key, entry);
  entry.built.then(
    (rep) => {
      keyOf.set(rep, key);
      if (cache.peek(key) !== entry) return;
      entry.repertoireBytes = rep.positions.size * BYTES_PER_POSITION;
      // Setting again re-measures it: over the bound, it is dropped (callers already hold it).
      cache.set(key, entry, { noDisposeOnSet: true });
    },
    () => {
      // Errors are not kept: the next call tries again (and says why again).
      if (cache.peek(key) === entry) cache.delete(key);
    },
  );
  return entry.built;
}

/**
 * An answer made once per repertoire and kept, compressed, with it in the cache (its bytes count
 * toward the bound); a repertoire outside the cache keeps its answers while the object lives. Calls
 * while it is being made wait for that one.
 */
export function answerFor(rep: Repertoire, kind: string, make: () => Promise<PreparedAnswer>): Promise<PreparedAnswer> {
  const key = keyOf.get(rep);
  const entry = key === undefined ? undefined : cache.peek(key);
  let answers = entry?.answers ?? looseAnswers.get(rep);
  if (!answers) {
    answers = new Map();
    looseAnswers.set(rep, answers);
  }
  const kept = answers.get(kind);
  if (kept) return kept;
  const made = make();
  answers.set(kind, made);
  made.then(
    (answer) => {
      if (!entry || key === undefined || cache.peek(key) !== entry) return;
      entry.answerBytes += answer.br.length;
      cache.set(key, entry, { noDisposeOnSet: true });
    },
    () => answers.delete(kind),
  );
  return made;
}

/** Boots the repertoire workers ahead of the first large study (the server does this at start). */
export function warmRepertoireWorkers(): void {
  pool ??= new RepertoirePool();
  pool.warm();
}

/** Cache figures for tests and benches: calls answered from the cache, builds done, and those a worker thread did. */
export const repertoireCacheCounters = (): Readonly<typeof counters> => ({ ...counters });

/** Empties the cache and stops the worker threads (tests, shutdown). */
export async function clearRepertoireCache(): Promise<void> {
  cache.clear();
  const closing = pool;
  pool = undefined;
  await closing?.close();
}
