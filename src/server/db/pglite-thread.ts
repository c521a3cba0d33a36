// The embedded database on a thread of its own. PostgreSQL in WebAssembly runs a statement on the
// thread that calls it; on the server's thread a write and its commit held every other player's
// request 3-14 ms, thirty requests at once a burst of them. Here the server's thread sends the
// protocol bytes PGlite's own query, exec and transaction write (its base class, unchanged) and reads
// the answer when it comes: PGlite's client code on this side, PostgreSQL on the other.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import {
  Mutex,
  parse,
  PGlite,
  protocol,
  TransactionAbortedError,
  type PGliteOptions,
  type QueryOptions,
  type Results,
} from '@electric-sql/pglite';
import { query as templated } from '@electric-sql/pglite/template';
import { startWorker } from '../worker-start.js';
import type { AskRequest, HostAnswer, HostData, HostRequest, HostStart } from './pglite-thread-host.js';

type BackendMessage = Parameters<Parameters<protocol.Parser['parse']>[1]>[0];
const { DatabaseError, NoticeMessage, NotificationResponseMessage } = protocol.messages;

/** What PGlite's base class gives: its parsers and serializers, the array types' read once at start. */
interface Base {
  serializers: PGlite['serializers'];
  parsers: PGlite['parsers'];
  _initArrayTypes(): Promise<void>;
}
// PGlite's base class: not exported by name, but PGlite's own parent.
const BasePGlite = Object.getPrototypeOf(PGlite) as abstract new () => Base;

type Options = Omit<PGliteOptions, 'loadDataDir'> & { loadDataDir?: Uint8Array<ArrayBuffer> };
type Waiting = { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void };
type Notice = (notice: InstanceType<typeof NoticeMessage>) => void;

export interface ThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  sql<T>(strings: TemplateStringsArray, ...params: unknown[]): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  rollback(): Promise<void>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  readonly closed: boolean;
}

/** PostgreSQL's name of a channel: as written when quoted, lower case otherwise. */
const channelName = (channel: string) =>
  channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();

/** As PGlite's: the statement that failed, on its error. */
function failedQuery(error: Error, query: string, params?: unknown[], options?: QueryOptions): Error {
  return Object.assign(error, { query, params, queryOptions: options });
}

/**
 * PGlite on a thread of its own, as PGlite to its callers (Drizzle, the job queue, the notification
 * bus, the named statements). A query or exec crosses to the thread once: the thread runs the protocol
 * messages PGlite's own would send and answers PostgreSQL's bytes, read here with PGlite's parser and
 * parsers (the caller's own among them). Statements take turns as on PGlite, one transaction at a time.
 */
export class PGliteThread extends BasePGlite {
  debug = 0;
  readonly waitReady: Promise<void>;
  readonly #worker: Worker;
  readonly #waiting = new Map<number, Waiting>();
  readonly #queryMutex = new Mutex();
  readonly #transactionMutex = new Mutex();
  readonly #listenMutex = new Mutex();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  readonly #anyListeners = new Set<(channel: string, payload: string) => void>();
  #nextId = 1;
  #ready = false;
  #closing = false;
  #closed = false;
  #failure: Error | undefined;

  constructor(dataDir: string | undefined, { loadDataDir, ...options }: Options = {}) {
    super();
    const workerData: HostData = { dataDir, options, loadDataDir };
    this.#worker = startWorker(import.meta.url, 'pglite-thread-host', { workerData });
    this.waitReady = this.#start();
    // Awaited by every caller; a failed start must not also be an unhandled rejection here.
    this.waitReady.catch(() => undefined);
  }

  static async create(dataDir: string | undefined, options?: Options): Promise<PGliteThread> {
    const db = new PGliteThread(dataDir, options);
    await db.waitReady;
    return db;
  }

  async #start(): Promise<void> {
    const worker = this.#worker;
    const started = await new Promise<HostStart>((resolve, reject) => {
      const stopped = (code: number) => reject(new Error(`the database thread stopped (${code}) while starting`));
      worker.once('message', (start: HostStart) => {
        worker.off('error', reject).off('exit', stopped);
        resolve(start);
      });
      worker.once('error', reject).once('exit', stopped);
    });
    if ('failure' in started) {
      await this.#worker.terminate();
      throw new Error(`the database did not start: ${started.failure}`);
    }
    this.#worker.on('message', (answer: HostAnswer) => this.#answered(answer));
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) => this.#fail(new Error(`the database thread stopped (${code})`)));
    this.#worker.unref();
    this.#ready = true;
    await this._initArrayTypes();
  }

  get ready(): boolean {
    return this.#ready && !this.#closing && !this.#closed;
  }

  get closed(): boolean {
    return this.#closed;
  }

  #answered(answer: HostAnswer): void {
    const waiting = this.#waiting.get(answer.id);
    if (!waiting) return;
    this.#waiting.delete(answer.id);
    // Idle, the thread never keeps the process alive; a question in flight does.
    if (this.#waiting.size === 0) this.#worker.unref();
    if ('failure' in answer) waiting.reject(new Error(answer.failure));
    else waiting.resolve(answer.bytes ?? new Uint8Array(0));
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const waiting of this.#waiting.values()) waiting.reject(error);
    this.#waiting.clear();
  }

  #ask(request: AskRequest): Promise<Uint8Array> {
    if (this.#closed || (this.#closing && !('close' in request))) return Promise.reject(new Error('PGlite is closed'));
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#waiting.size === 0) this.#worker.ref();
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ id, ...request } satisfies HostRequest);
    });
  }

  /** PostgreSQL's answer read: its messages, notices and notifications handed on, its first error. */
  #read(data: Uint8Array, throwOnError = true, onNotice?: Notice) {
    const messages: BackendMessage[] = [];
    let error: Error | undefined;
    new protocol.Parser().parse(data, (received) => {
      // As PGlite: nothing after the first error is read.
      if (error) return;
      if (received instanceof DatabaseError) {
        if (throwOnError) error = received;
      } else if (received instanceof NoticeMessage) {
        onNotice?.(received);
      } else if (received instanceof NotificationResponseMessage) {
        this.#notified(received.channel, received.payload);
      }
      messages.push(received);
    });
    return { messages, error };
  }

  async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    await this._checkReady();
    return this._runExclusiveTransaction(() => this.#runQuery<T>(text, params, options));
  }

  async sql<T>(strings: TemplateStringsArray, ...values: unknown[]): Promise<Results<T>> {
    const { query, params } = templated(strings, ...values);
    return this.query<T>(query, params);
  }

  async exec(text: string, options?: QueryOptions): Promise<Results[]> {
    await this._checkReady();
    return this._runExclusiveTransaction(() => this.#runExec(text, options));
  }

  #runQuery<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this._runExclusiveQuery(async () => {
      const data = await this.#ask({ query: text, params, paramTypes: options?.paramTypes });
      const { messages, error } = this.#read(data, true, options?.onNotice);
      if (error) throw failedQuery(error, text, params, options);
      return this.#results(messages, options)[0] as Results<T>;
    });
  }

  #runExec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this._runExclusiveQuery(async () => {
      const data = await this.#ask({ exec: text });
      const { messages, error } = this.#read(data, true, options?.onNotice);
      if (error) throw failedQuery(error, text, undefined, options);
      return this.#results(messages, options);
    });
  }

  /**
   * The rows read with the caller's parsers before PGlite's. PGlite copies its 318 type parsers into a new
   * object for every query that brings parsers of its own, as Drizzle's all do (0.12 ms a query, on the
   * server's thread): here the caller's few sit over them as a prototype, found the same way.
   */
  #results(messages: BackendMessage[], options?: QueryOptions): Results[] {
    const own = options?.parsers;
    if (!own) return parse.parseResults(messages, this.parsers, options);
    const parsers = Object.assign(Object.create(this.parsers) as typeof this.parsers, own);
    return parse.parseResults(messages, parsers, { ...options, parsers: undefined });
  }

  /** As PGlite's: BEGIN, the callback's statements, then COMMIT, or ROLLBACK on a throw. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    await this._checkReady();
    return this._runExclusiveTransaction(async () => {
      await this.#runExec('BEGIN');
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx: ThreadTransaction = {
        query: async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
          open();
          return this.#runQuery<R>(text, params, options);
        },
        sql: async <R>(strings: TemplateStringsArray, ...values: unknown[]) => {
          open();
          const { query, params } = templated(strings, ...values);
          return this.#runQuery<R>(query, params);
        },
        exec: async (text: string, options?: QueryOptions) => {
          open();
          return this.#runExec(text, options);
        },
        rollback: async () => {
          open();
          await this.#runExec('ROLLBACK');
          closed = true;
        },
        listen: async (channel: string, callback: (payload: string) => void) => {
          open();
          return this.listen(channel, callback, tx);
        },
        get closed() {
          return closed;
        },
      };
      try {
        const result = await callback(tx);
        if (!closed) {
          closed = true;
          const [commit] = await this.#runExec('COMMIT');
          if (commit.command === 'ROLLBACK') throw failedQuery(new TransactionAbortedError(), 'COMMIT');
        }
        return result;
      } catch (error) {
        if (!closed) {
          closed = true;
          await this.#runExec('ROLLBACK');
        }
        throw error;
      }
    });
  }

  /** As PGlite's: the messages, notices and notifications handed on, the first error thrown. */
  async execProtocol(
    message: Uint8Array,
    { throwOnError = true, onNotice }: { throwOnError?: boolean; onNotice?: Notice } = {},
  ): Promise<{ messages: BackendMessage[]; data: Uint8Array }> {
    const data = await this.#ask({ bytes: message });
    const { messages, error } = this.#read(data, throwOnError, onNotice);
    if (error) throw error;
    return { messages, data };
  }

  #notified(channel: string, payload: string): void {
    for (const listener of this.#listeners.get(channel) ?? []) queueMicrotask(() => listener(payload));
    for (const listener of this.#anyListeners) queueMicrotask(() => listener(channel, payload));
  }

  async _checkReady(): Promise<void> {
    if (this.#closing) throw new Error('PGlite is closing');
    if (this.#closed) throw new Error('PGlite is closed');
    if (this.#failure) throw this.#failure;
    if (!this.#ready) await this.waitReady;
  }

  /** As on the server's thread (client.ts): one that finds the database closing once its turn comes is refused. */
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T> {
    return this.#queryMutex.runExclusive(async () => {
      await this._checkReady();
      return fn();
    });
  }

  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return this.#transactionMutex.runExclusive(fn);
  }

  async listen(
    channel: string,
    callback: (payload: string) => void,
    tx?: { exec(query: string): Promise<unknown> },
  ): Promise<() => Promise<void>> {
    return this.#listenMutex.runExclusive(async () => {
      const name = channelName(channel);
      const listeners = this.#listeners.get(name) ?? new Set();
      this.#listeners.set(name, listeners.add(callback));
      try {
        await (tx ?? this).exec(`LISTEN ${channel}`);
      } catch (error) {
        listeners.delete(callback);
        if (listeners.size === 0) this.#listeners.delete(name);
        throw error;
      }
      return () => this.unlisten(channel, callback);
    });
  }

  async unlisten(channel: string, callback?: (payload: string) => void): Promise<void> {
    await this.#listenMutex.runExclusive(async () => {
      const name = channelName(channel);
      const listeners = this.#listeners.get(name);
      if (callback) listeners?.delete(callback);
      if (callback && listeners && listeners.size > 0) return;
      await this.exec(`UNLISTEN ${channel}`);
      this.#listeners.delete(name);
    });
  }

  onNotification(callback: (channel: string, payload: string) => void): () => void {
    this.#anyListeners.add(callback);
    return () => this.#anyListeners.delete(callback);
  }

  /**
   * As PGlite's close: after the transaction and statements asked before it, none after. A turn first,
   * so a statement asked just before (its query still being written) is in the queue ahead of it.
   */
  async close(): Promise<void> {
    await nextTurn();
    await this._checkReady();
    await this.#transactionMutex.runExclusive(() =>
      this.#queryMutex.runExclusive(async () => {
        await this._checkReady();
        this.#closing = true;
      }),
    );
    try {
      await this.#ask({ close: true });
    } finally {
      this.#closed = true;
      this.#closing = false;
      await this.#worker.terminate();
    }
  }
}
