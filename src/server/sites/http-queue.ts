import { createHash } from 'node:crypto';
import { FairTurns } from './fair-turns.js';
import { siteErr, siteOk, silentLogger, type SiteLogger, type SiteResult } from './site-error.js';

/**
 * Serial HTTP GETs per host: one call at a time to each host, players' calls served in rotation
 * (fair-turns.ts), each with a timeout, our User-Agent,
 * and a pause after a 429 of the calls made with the token it answered (Lichess sends no Retry-After,
 * so the pause is fixed; calls without a token share one pause). A resting token's calls wait outside
 * the host's queue, so other players' calls go on meanwhile.
 * Failures come back as results, never as exceptions. Written here rather than taken from a queue
 * library: those order calls but know nothing of pausing a whole host after a 429, of timing a call out
 * by its wait in the queue, or of a host that just failed answering at once.
 *
 *   const queue = createHttpQueue({ rateLimitPauseMs: 60_000 });
 *   const res = await queue.get('https://lichess.org/api/study/by/someone');
 */

export const USER_AGENT = 'chess-prep/0.1 (+https://github.com/chess-prep/chess-prep)';
export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_RATE_LIMIT_PAUSE_MS = 60_000;
/** The least time left for which a queued call still goes out (or a quarter of a shorter limit). */
const MIN_CALL_MS = 100;

/** The refusal of a call past the waiting ones a player may have at a host. */
export const waitingMessage = (host: string, waiting: number): string =>
  `You have ${waiting} calls to ${host} waiting already: wait for their answers`;

export interface HttpQueueOptions {
  /** Per-call time limit in ms (headers and body), unless a call gives its own. */
  timeoutMs?: number;
  /** How long a host rests after answering 429, in ms. */
  rateLimitPauseMs?: number;
  /** Least time between the starts of two calls to one host, in ms. */
  minIntervalMs?: number;
  /**
   * After a call to a host times out or cannot connect, calls to it fail at once for this long (ms)
   * instead of each waiting out its own time limit; 0 (the default) turns this off.
   */
  failureRestMs?: number;
  /** The hosts failureRestMs applies to; every host when absent. */
  failureRestHosts?: string[];
  userAgent?: string;
  logger?: SiteLogger;
  /** Other processes sharing the database: one call at a time to a host between them, and shared 429 pauses. */
  coordinator?: HostCoordinator;
}

/** How the processes sharing one database take turns with a host (see shared-host-coordinator.ts). */
export interface HostCoordinator {
  /** True when other processes really take turns (PostgreSQL); false when this process is alone (PGlite). */
  readonly crossProcess: boolean;
  /** Runs `call` while no other process runs a call to `host`. */
  exclusive<T>(host: string, call: () => Promise<T>): Promise<T>;
  /** Epoch ms until which some process paused `token`'s calls to `host` after a 429; 0 when none. */
  pausedUntil(host: string, token: string): Promise<number>;
  pause(host: string, token: string, until: number): Promise<void>;
}

export interface QueueRequest {
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Whose call this is (a player id): a host serves its owners' calls in rotation ('' for the server's own). */
  owner?: string;
  /** Refused at once (a 'busy' failure) when the owner already has this many calls waiting for the host. */
  maxWaiting?: number;
  /** Epoch ms by which the call must be over (set by the queue when the call is asked for). */
  deadline?: number;
}

/** A call that changes something at the site (a POST of a form, a DELETE): never repeated. */
export interface QueueSend extends QueueRequest {
  method: 'POST' | 'DELETE';
  /** A form, sent as application/x-www-form-urlencoded. */
  form?: Record<string, string>;
}

/** A 2xx answer with its body read in full. */
export interface SiteResponse {
  status: number;
  contentType: string;
  text: string;
}

export interface HttpQueue {
  get(url: string, request?: QueueRequest): Promise<SiteResult<SiteResponse>>;
  /** A write, in the same turn-taking as the reads (absent from queues made before writes existed). */
  send?(url: string, request: QueueSend): Promise<SiteResult<SiteResponse>>;
  /** Epoch ms until which calls to the host of `url` with `token` wait after a 429; 0 when not paused. */
  pausedUntil(url: string, token?: string): number;
}

/** A short hash naming the token a call is made with (its bearer header); '' for calls without one. */
export function tokenKey(token: string | undefined): string {
  return token ? createHash('sha256').update(token).digest('hex').slice(0, 24) : '';
}

const tokenKeyOf = (headers: Record<string, string> | undefined): string => {
  const header = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
  return tokenKey(/^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]);
};

/** Told by a call whose token rests (a pause set meanwhile, here or by another process): it waits and comes again. */
const RESTING = Symbol('resting');
type Answer = SiteResult<SiteResponse> | typeof RESTING;

interface HostState {
  turns: FairTurns;
  /** Epoch ms until which each token's calls rest after a 429, by tokenKey. */
  pauses: Map<string, number>;
  lastStart: number;
  /** Epoch ms until which the host counts as down after a timeout or a failed connection. */
  downUntil: number;
  downReason: string;
}

export function createHttpQueue(options: HttpQueueOptions = {}): HttpQueue {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const pauseMs = options.rateLimitPauseMs ?? DEFAULT_RATE_LIMIT_PAUSE_MS;
  const minIntervalMs = options.minIntervalMs ?? 0;
  const userAgent = options.userAgent ?? USER_AGENT;
  const logger = options.logger ?? silentLogger;
  const hosts = new Map<string, HostState>();
  const coordinator = options.coordinator;

  function hostState(host: string): HostState {
    let state = hosts.get(host);
    if (!state) {
      state = { turns: new FairTurns(), pauses: new Map(), lastStart: 0, downUntil: 0, downReason: '' };
      hosts.set(host, state);
    }
    return state;
  }

  const pauseOf = (state: HostState, key: string) => state.pauses.get(key) ?? 0;

  async function run(url: URL, state: HostState, request: QueueRequest | QueueSend, key: string): Promise<Answer> {
    if (!coordinator) return call(url, state, request, key);
    try {
      return await coordinator.exclusive(url.host, async () => {
        const shared = await coordinator.pausedUntil(url.host, key);
        if (shared > pauseOf(state, key)) state.pauses.set(key, shared);
        const result = await call(url, state, request, key);
        if (result !== RESTING && result.isErr && result.error.status === 429)
          await coordinator.pause(url.host, key, pauseOf(state, key));
        // The turn is kept for the least interval, so the next call from any process waits it out too.
        const rest = state.lastStart + minIntervalMs - Date.now();
        if (coordinator.crossProcess && rest > 0) await sleep(rest);
        return result;
      });
    } catch (error) {
      logger.error(
        { host: url.host, err: error instanceof Error ? error.message : String(error) },
        'could not take a turn for a site call',
      );
      return siteErr('network', `${url.host} was not called: the database that orders calls to it did not answer`);
    }
  }

  async function call(url: URL, state: HostState, request: QueueRequest | QueueSend, key: string): Promise<Answer> {
    // The token rests: its call gives its turn up and waits outside the queue.
    if (pauseOf(state, key) > Date.now()) return RESTING;
    const readyAt = state.lastStart + minIntervalMs;
    if (readyAt > Date.now()) await sleep(readyAt - Date.now());
    const limit = request.timeoutMs ?? timeoutMs;
    // Otherwise the time limit counts from when the call was asked for: its wait in the queue spends it too.
    const left = (request.deadline ?? Date.now() + limit) - Date.now();
    // A call left with only a sliver of its limit could not be answered in it: it gives up without calling.
    if (left < Math.min(MIN_CALL_MS, limit / 4))
      return siteErr('timeout', `${url.host} gave no answer within ${limit} ms (calls before it took the time)`);
    if (state.downUntil > Date.now()) return siteErr('timeout', state.downReason);
    state.lastStart = Date.now();
    try {
      const write = 'method' in request ? request : undefined;
      const response = await fetch(url, {
        method: write?.method ?? 'GET',
        body: write?.form ? new URLSearchParams(write.form) : undefined,
        headers: { ...request.headers, 'User-Agent': userAgent },
        signal: AbortSignal.timeout(left),
        redirect: 'follow',
      });
      // Read the body inside the slot so the next call starts only after this one is over.
      const text = await response.text();
      if (response.status === 429) {
        state.pauses.set(key, Date.now() + pauseMs);
        logger.warn({ host: url.host, pauseMs }, 'site answered 429; pausing calls to it');
      }
      if (!response.ok) {
        return siteErr('http', `${url.host} answered HTTP ${response.status}`, response.status);
      }
      return siteOk({ status: response.status, contentType: response.headers.get('content-type') ?? '', text });
    } catch (error) {
      const failure = failureFromThrown(error, url, limit);
      // A host that hangs or refuses connections is left alone for a while: the calls behind this one
      // answer their fallback at once.
      const rests = !options.failureRestHosts || options.failureRestHosts.includes(url.host);
      const rest = rests ? (options.failureRestMs ?? 0) : 0;
      if (failure.isErr && rest > 0) {
        state.downUntil = Date.now() + rest;
        state.downReason = `${failure.error.message}; not called again for a moment`;
        logger.warn(
          { host: url.host, err: failure.error.message },
          'site failed; calls to it fail at once for a while',
        );
      }
      return failure;
    }
  }

  async function enqueue(rawUrl: string, request: QueueRequest | QueueSend): Promise<SiteResult<SiteResponse>> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return siteErr('bad-input', `not a URL: ${rawUrl}`);
    }
    const state = hostState(url.host);
    const key = tokenKeyOf(request.headers);
    for (;;) {
      // A 429 pause is waited out on purpose, outside the queue; it does not spend the call's time limit.
      const rest = pauseOf(state, key) - Date.now();
      if (rest > 0) await sleep(rest);
      const answer = await queued(url, state, request, key);
      if (answer !== RESTING) return answer;
    }
  }

  function queued(url: URL, state: HostState, request: QueueRequest | QueueSend, key: string): Promise<Answer> {
    // A host just found down answers at once, without a turn in the queue.
    if (state.downUntil > Date.now()) return Promise.resolve(siteErr('timeout', state.downReason));
    const owner = request.owner ?? '';
    if (request.maxWaiting !== undefined && state.turns.waiting(owner) >= request.maxWaiting) {
      return Promise.resolve(siteErr('busy', waitingMessage(url.host, request.maxWaiting)));
    }
    const limit = request.timeoutMs ?? timeoutMs;
    const deadline = Date.now() + limit;
    const turn = state.turns.take(owner).then(async (end) => {
      try {
        return await run(url, state, { ...request, deadline }, key);
      } finally {
        end();
      }
    });
    // The caller has its answer by the deadline even while calls before it still hold the host.
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<Answer>((resolve) => {
      timer = setTimeout(
        () =>
          resolve(siteErr('timeout', `${url.host} gave no answer within ${limit} ms (calls before it took the time)`)),
        limit + 50,
      );
    });
    return Promise.race([turn, late]).finally(() => clearTimeout(timer));
  }

  return {
    get: (rawUrl, request = {}) => enqueue(rawUrl, request),
    send: (rawUrl, request) => enqueue(rawUrl, request),
    pausedUntil(rawUrl, token) {
      const until = hosts.get(new URL(rawUrl).host)?.pauses.get(tokenKey(token)) ?? 0;
      return until > Date.now() ? until : 0;
    },
  };
}

function failureFromThrown(error: unknown, url: URL, limitMs: number): SiteResult<never> {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return siteErr('timeout', `${url.host} gave no answer within ${limitMs} ms`);
  }
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
  const message = error instanceof Error ? error.message : String(error);
  return siteErr('network', `${url.host} could not be reached: ${cause || message}`);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
