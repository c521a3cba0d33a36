// Statements run on every call of the busiest routes (the drill's), prepared once per database session
// and run by name: parsing and planning a large statement cost the embedded database more CPU than
// running it, and `db.execute` parses and plans it again each time on both drivers.
import { createHash } from 'node:crypto';
import { PGlite, parse, protocol, type Results } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Sql } from 'postgres';
import type { Db } from './client.js';
import { concat } from './protocol-bytes.js';
import { PGliteThread } from './pglite-thread.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's named statements (plugins/app-memory.ts). */
    statements: NamedStatements;
  }
}

/** Runs a statement; `db.execute` of the query builder, or a named statement. */
export interface SqlRunner {
  execute(query: SQL): PromiseLike<unknown>;
}

const { serialize } = protocol;

/** What the statements need of the embedded database, on this thread or its own. */
type Embedded = Pick<
  PGlite,
  '_checkReady' | '_runExclusiveTransaction' | '_runExclusiveQuery' | 'serializers' | 'parsers' | 'execProtocol'
>;

/** A statement's name: a digest of its text, so two apps on one session that prepare it agree. */
const nameOf = (text: string) => `app_${createHash('sha1').update(text).digest('hex')}`;

/** Timestamps as text, as the query builder's raw statements give them (rows.ts readers expect that). */
const PARSERS = Object.fromEntries([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, String]));

/** The statement was removed (DEALLOCATE) or no longer fits its tables: it is prepared again. */
const PREPARE_AGAIN = new Set(['26000', '0A000']);
const ALREADY_PREPARED = '42P05';

/**
 * Named statements of one app's database. Only for statements whose text is one of a few (their
 * values are parameters) and whose generic plan serves every value: each text is prepared once per
 * session and kept there.
 */
export class NamedStatements implements SqlRunner {
  private readonly dialect = new PgDialect();
  /** The statements prepared on the embedded database, by text: their name and parameter types. */
  private readonly prepared = new Map<string, { name: string; types: Promise<number[]> }>();
  /** The client's parsers with PARSERS over them, made once (see parsersOf). */
  private parsers?: { client: Embedded; parsers: PGlite['parsers'] };

  constructor(private readonly db: Db) {}

  /** The rows as `db.execute` answers them on this driver. */
  async execute(query: SQL): Promise<unknown> {
    const { sql: text, params } = this.dialect.sqlToQuery(query);
    const client = (this.db as { $client?: unknown }).$client;
    if (client instanceof PGlite || client instanceof PGliteThread) return this.onPglite(client, text, params);
    if (client && typeof (client as Sql).unsafe === 'function') {
      return (client as Sql).unsafe(text, params as never[], { prepare: true });
    }
    return this.db.execute(query);
  }

  private async onPglite(client: Embedded, text: string, params: unknown[]): Promise<Results> {
    await client._checkReady();
    // As PGlite's own query: after any open transaction, one statement at a time.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        for (let attempt = 0; ; attempt++) {
          const { name, types: typed } = this.statementOf(client, text);
          const types = await typed;
          const values = params.map((value, i) => {
            if (value === null || value === undefined) return null;
            const serializer = client.serializers[types[i]];
            return serializer ? serializer(value) : String(value);
          });
          // With the generic plan from the first run: PostgreSQL plans a statement five times for its
          // values before it settles on that plan (as it does for the drill's), and on the embedded
          // database each of those plans costs the server as much as the run.
          const message = concat([
            serialize.query('set plan_cache_mode = force_generic_plan'),
            serialize.bind({ statement: name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
            serialize.query('reset plan_cache_mode'),
          ]);
          try {
            const { messages } = await client.execProtocol(message);
            // The results of set, the statement and reset.
            return parse.parseResults(messages, this.parsersOf(client), { rowMode: 'object' })[1];
          } catch (error) {
            const code = (error as { code?: string }).code;
            if (attempt > 0 || !code || !PREPARE_AGAIN.has(code)) throw error;
            this.prepared.delete(text);
            await client.execProtocol(concat([serialize.close({ type: 'S', name }), serialize.sync()]));
          }
        }
      }),
    );
  }

  /**
   * PARSERS over the client's own. Passed as parseResults' `parsers` option they would be merged with
   * the client's 300-odd by a spread on every call (some 0.1 ms and 100 KB of garbage); on top of the
   * client's by prototype they are merged once and still see array types the client adds later.
   */
  private parsersOf(client: Embedded) {
    if (this.parsers?.client !== client) {
      this.parsers = { client, parsers: Object.assign(Object.create(client.parsers) as PGlite['parsers'], PARSERS) };
    }
    return this.parsers.parsers;
  }

  /** The statement of this text, prepared first when this app has not (another app on the session may have). */
  private statementOf(client: Embedded, text: string): { name: string; types: Promise<number[]> } {
    let statement = this.prepared.get(text);
    if (!statement) {
      const name = nameOf(text);
      const describe = concat([serialize.describe({ type: 'S', name }), serialize.sync()]);
      const types = (async () => {
        try {
          await client.execProtocol(concat([serialize.parse({ name, text }), serialize.sync()]));
        } catch (error) {
          if ((error as { code?: string }).code !== ALREADY_PREPARED) throw error;
        }
        return parse.parseDescribeStatementResults((await client.execProtocol(describe)).messages);
      })();
      const made = { name, types };
      types.catch(() => this.prepared.get(text) === made && this.prepared.delete(text));
      this.prepared.set(text, (statement = made));
    }
    return statement;
  }
}
