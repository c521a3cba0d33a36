import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import {
  buildRepertoireFromPgn,
  buildRepertoireSteps,
  type Repertoire,
  type RepertoireOptions,
} from '../../chess/index.js';
import { settleSteps } from '../loop-turn.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { RepertoirePool, type BuildOutcome } from './repertoire-pool.js';

/** Texts at least this long are built on a worker thread; shorter ones take a few ms in place. */
export const WORKER_THRESHOLD_CHARS = 32 * 1024;
/**
 * Texts at least this long (some 25,000 positions) are built on the server's thread a game at a time,
 * giving the event loop back between games. Taking such a repertoire in from a worker costs the event
 * loop more than building it (a 4 MB study: some 5 s of copying against 2 s of building) and holds
 * two copies of it at once, with every game's parse tree besides.
 */
export const STEPS_THRESHOLD_CHARS = 256 * 1024;
/**
 * Memory bound of the cache in bytes: repertoires (estimated from their positions) and the answers
 * kept with them. A repertoire larger than the bound by itself is used by the calls waiting for it
 * and then dropped.
 */
export const MAX_CACHED_BYTES = (Number(process.env.REPERTOIRE_CACHE_MIB) || 256) * 1024 * 1024;
/** Heap a repertoire takes per position: 500 bytes at 20,000 positions, less at 100,000 and 430,000 (generated studies). */
export const BYTES_PER_POSITION = 500;

/** An answer computed once per cached repertoire (consistency, book): its JSON, brotli-compressed. */
export interface PreparedAnswer {
  br: Buffer;
  /** Length of the JSON text. */
  length: number;
}

/** Calls answered from the cache, builds done, and those a worker thread did. */
export interface RepertoireCacheCounters {
  hits: number;
  builds: number;
  workerBuilds: number;
}

export interface RepertoireCacheOptions {
  /** Memory bound in bytes; MAX_CACHED_BYTES when not given. */
  maxBytes?: number;
}

/**
 * The one way the server turns opening text into a repertoire (forms, stored studies, drill, reports),
 * one per app (app.repertoireCache), so two apps in one process share no entry and no thread.
 */
export interface RepertoireCache {
  /**
   * The repertoire of a text; a PGN that cannot be read is an UnreadablePgnError (400).
   *
   * Repertoires are cached by (text hash, colour, exclusions, lenient), least recently used first
   * out once the cache holds more than its bound; a changed text is a new key, and each name asked for
   * is a view of one build. Callers share the cached object and must not change it. Large texts are
   * parsed on a worker thread, so other requests are answered meanwhile; calls for the same text
   * while it is being built wait for that one build.
   */
  repertoireFor(text: string, options: RepertoireOptions): Promise<Repertoire>;
  /**
   * An answer made once per repertoire and kept, compressed, with it in the cache (its bytes count
   * toward the bound); a repertoire outside the cache keeps its answers while the object lives.
   * Calls while it is being made wait for that one.
   */
  answerFor(rep: Repertoire, kind: string, make: () => Promise<PreparedAnswer>): Promise<PreparedAnswer>;
  /** Boots the worker threads ahead of the first large study (the server does this at start). */
  warmWorkers(): void;
  /** Figures for tests and benches. */
  counters(): Readonly<RepertoireCacheCounters>;
  /** Worker threads running now. */
  workerThreads(): number;
  /** Empties the cache and ends its worker threads for good: later texts are built on the calling thread. */
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    repertoireCache: RepertoireCache;
  }
}

interface Entry {
  built: Promise<Repertoire>;
  /** Estimated bytes: the repertoire once built (the text until then), plus its kept answers. */
  repertoireBytes: number;
  answers: Map<string, Promise<PreparedAnswer>>;
  answerBytes: number;
}

const entrySize = (entry: Entry) => Math.max(1, entry.repertoireBytes + entry.answerBytes);

/** The name is not part of the key: a repertoire is built once and shown under each name asked for. */
const cacheKey = (text: string, options: RepertoireOptions): string =>
  JSON.stringify([
    createHash('sha256').update(text).digest('base64'),
    options.color,
    [...(options.excludeSymbols ?? [])].sort(),
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

/** A repertoire cache with its own entries and worker threads (the threads start on first need). */
export function createRepertoireCache(cacheOptions: RepertoireCacheOptions = {}): RepertoireCache {
  const cache = new LRUCache<string, Entry>({
    maxSize: cacheOptions.maxBytes ?? MAX_CACHED_BYTES,
    sizeCalculation: entrySize,
  });
  /** Answers of repertoires outside the cache (too large to keep, or made elsewhere): kept while the object lives. */
  const looseAnswers = new WeakMap<Repertoire, Map<string, Promise<PreparedAnswer>>>();
  /** The cache key of each cached repertoire, to find its entry from the object. */
  const keyOf = new WeakMap<Repertoire, string>();
  /**
   * Repertoires built here that the cache let go (too large for it, or least recently used) but that a
   * reader may still hold (a player's edited repertoire, a drill deck): found again rather than rebuilt
   * while they live, so one study is never in memory twice.
   */
  const released = new Map<string, WeakRef<Repertoire>>();
  const forget = new FinalizationRegistry<string>((key) => {
    if (released.get(key)?.deref() === undefined) released.delete(key);
  });
  /** The same repertoire under other names (a study's title, a form's name), its positions shared. */
  const viewsOf = new WeakMap<Repertoire, Map<string, Repertoire>>();
  /** Each view keeps the repertoire it shows alive, so the views are found again with it. */
  const baseOf = new WeakMap<Repertoire, Repertoire>();
  let pool: RepertoirePool | undefined;
  let closed = false;
  const counters: RepertoireCacheCounters = { hits: 0, builds: 0, workerBuilds: 0 };

  async function build(text: string, options: RepertoireOptions): Promise<Repertoire> {
    counters.builds++;
    if (text.length >= STEPS_THRESHOLD_CHARS) {
      const built = await settleSteps(buildRepertoireSteps(text, options));
      if (built.isErr) throw unreadable(built.error.message);
      return built.value;
    }
    // A closed cache starts no thread: a request still running as the app closes is built in place.
    if (text.length < WORKER_THRESHOLD_CHARS || closed) {
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

  function repertoireFor(given: string, options: RepertoireOptions): Promise<Repertoire> {
    // A form sends its text with CRLF line ends: the same study, read the same, built once.
    const text = given.includes('\r') ? given.replace(/\r\n?/g, '\n') : given;
    const { name, ...unnamed } = options;
    const key = cacheKey(text, unnamed);
    const hit = cache.get(key);
    if (hit) counters.hits++;
    const entry = hit ?? revived(key) ?? newEntry(key, text, unnamed);
    if (name === undefined) return entry.built;
    return entry.built.then((rep) => namedAs(key, rep, name));
  }

  function newEntry(key: string, text: string, options: RepertoireOptions): Entry {
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
        // Its answers stay with it when the cache lets it go.
        if (!looseAnswers.has(rep)) looseAnswers.set(rep, entry.answers);
        released.set(key, new WeakRef(rep));
        forget.register(rep, key);
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
    return entry;
  }

  /** A repertoire let go by the cache but still held by a reader: back in the cache if it fits. */
  function revived(key: string): Entry | undefined {
    const rep = released.get(key)?.deref();
    if (!rep) return undefined;
    counters.hits++;
    const entry: Entry = {
      built: Promise.resolve(rep),
      repertoireBytes: rep.positions.size * BYTES_PER_POSITION,
      answers: looseAnswers.get(rep) ?? new Map(),
      answerBytes: 0,
    };
    cache.set(key, entry);
    return entry;
  }

  /** The repertoire under another name: a view sharing everything else, one per name. */
  function namedAs(key: string, rep: Repertoire, name: string): Repertoire {
    if (rep.name === name) return rep;
    let views = viewsOf.get(rep);
    if (!views) viewsOf.set(rep, (views = new Map()));
    let view = views.get(name);
    if (!view) {
      view = { ...rep, name };
      views.set(name, view);
      keyOf.set(view, key);
      baseOf.set(view, rep);
    }
    return view;
  }

  function answerFor(rep: Repertoire, kind: string, make: () => Promise<PreparedAnswer>): Promise<PreparedAnswer> {
    const key = keyOf.get(rep);
    const entry = key === undefined ? undefined : cache.peek(key);
    const base = baseOf.get(rep) ?? rep;
    let answers = entry?.answers ?? looseAnswers.get(base);
    if (!answers) {
      answers = new Map();
      looseAnswers.set(base, answers);
    }
    // Answers carry the name: each view has its own.
    const slot = `${kind}\u0000${rep.name}`;
    const kept = answers.get(slot);
    if (kept) return kept;
    const made = make();
    answers.set(slot, made);
    made.then(
      (answer) => {
        if (!entry || key === undefined || cache.peek(key) !== entry) return;
        entry.answerBytes += answer.br.length;
        cache.set(key, entry, { noDisposeOnSet: true });
      },
      () => answers.delete(slot),
    );
    return made;
  }

  return {
    repertoireFor,
    answerFor,
    warmWorkers() {
      if (closed) return;
      pool ??= new RepertoirePool();
      pool.warm();
    },
    counters: () => ({ ...counters }),
    workerThreads: () => pool?.threads ?? 0,
    async close() {
      closed = true;
      cache.clear();
      released.clear();
      await pool?.close();
    },
  };
}

/** Decorates app.repertoireCache: one cache per app, its worker threads ended when the app closes. */
export const repertoireCachePlugin = fp(
  async (app: FastifyInstance) => {
    const cache = createRepertoireCache();
    app.decorate('repertoireCache', cache);
    app.addHook('onClose', () => cache.close());
  },
  { name: 'repertoire-cache' },
);
