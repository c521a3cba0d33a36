// Worker thread body: the embedded database on a thread of its own (pglite-thread.ts). Requests run
// one at a time in the order received; each answer is the bytes PostgreSQL wrote, handed over without
// a copy and read on the server's thread.
import { parentPort, workerData } from 'node:worker_threads';
import { parse, PGlite, protocol, type PGliteOptions } from '@electric-sql/pglite';
import { concat } from './protocol-bytes.js';

export interface HostData {
  dataDir?: string;
  options: Omit<PGliteOptions, 'loadDataDir'>;
  /** A data folder's tarball to start from (an in-memory database). */
  loadDataDir?: Uint8Array<ArrayBuffer>;
}

/** One statement with its values, a text of statements, protocol bytes as they are, or the end. */
export type AskRequest =
  | { query: string; params: unknown[]; paramTypes?: number[] }
  | { exec: string }
  | { bytes: Uint8Array }
  | { close: true };
export type HostRequest = { id: number } & AskRequest;
export type HostAnswer = { id: number; bytes?: Uint8Array } | { id: number; failure: string };
export type HostStart = { ready: true } | { failure: string };

const { serialize } = protocol;
const port = parentPort!;
const { dataDir, options, loadDataDir } = workerData as HostData;
const failure = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

/**
 * PGlite's query in one go: parse and describe the statement, serialise the values for the types it
 * takes, then bind, describe, execute and sync. An error stops it there (after a sync), in the answer.
 */
function runQuery(db: PGlite, text: string, params: unknown[], paramTypes?: number[]): Uint8Array {
  const described = db.execProtocolRawSync(
    concat([serialize.parse({ text, types: paramTypes }), serialize.describe({ type: 'S' })]),
  );
  const messages: Parameters<typeof parse.parseDescribeStatementResults>[0] = [];
  new protocol.Parser().parse(described, (message) => messages.push(message));
  if (messages.some((message) => message instanceof protocol.messages.DatabaseError)) {
    return concat([described, db.execProtocolRawSync(serialize.sync())]);
  }
  const types = parse.parseDescribeStatementResults(messages);
  let values: (string | Uint8Array | null)[];
  try {
    values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = db.serializers[types[i]];
      return serializer ? (serializer(value) as string | Uint8Array) : String(value);
    });
  } catch (error) {
    db.execProtocolRawSync(serialize.sync());
    throw error;
  }
  const ran = db.execProtocolRawSync(
    concat([serialize.bind({ values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
  );
  return concat([described, ran]);
}

function answer(db: PGlite, request: HostRequest): Uint8Array {
  if ('query' in request) return runQuery(db, request.query, request.params, request.paramTypes);
  if ('exec' in request) return db.execProtocolRawSync(concat([serialize.query(request.exec), serialize.sync()]));
  if ('bytes' in request) return db.execProtocolRawSync(request.bytes);
  throw new Error('not a statement');
}

try {
  const loaded = loadDataDir && new Blob([loadDataDir]);
  const db = new PGlite(dataDir, { ...options, ...(loaded ? { loadDataDir: loaded } : {}) });
  await db.waitReady;
  port.on('message', (request: HostRequest) => {
    if ('close' in request) {
      db.close().then(
        () => port.postMessage({ id: request.id } satisfies HostAnswer),
        (error: unknown) => port.postMessage({ id: request.id, failure: failure(error) } satisfies HostAnswer),
      );
      return;
    }
    try {
      // Fresh bytes each time (PGlite copies them out of its receive buffer), so they can be moved.
      const bytes = answer(db, request);
      port.postMessage({ id: request.id, bytes } satisfies HostAnswer, [bytes.buffer as ArrayBuffer]);
    } catch (error) {
      port.postMessage({ id: request.id, failure: failure(error) } satisfies HostAnswer);
    }
  });
  port.postMessage({ ready: true } satisfies HostStart);
} catch (error) {
  port.postMessage({ failure: failure(error) } satisfies HostStart);
}
