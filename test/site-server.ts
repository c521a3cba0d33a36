// A describe block's app on a test database, pointed at the fake Lichess, explorer and Chess.com sites.
import { afterAll, beforeAll } from 'vitest';
import { startFakeSites, type FakeSites, type FakeSitesOptions } from '../e2e/fakes/fake-sites.js';
import type { Config } from '../src/server/config.js';
import type { Database } from '../src/server/db/client.js';
import { openTestDatabase, startTestServer, type DatabaseKind, type TestServer } from './helper.js';

/** What the block's tests read once its beforeAll has run. */
export interface SiteServer {
  readonly database: Database;
  readonly sites: FakeSites;
  readonly server: TestServer;
  /** Another app on the same database and sites, with the block's config and these changes; closed with the rest. */
  startServer(changes?: Partial<Config>): Promise<TestServer>;
}

/**
 * Registers the hooks of the calling describe block: opens the database, starts the fake sites and an
 * app pointed at all three, then closes them after the block. `config` changes the app's config (a
 * token, a short siteTimeoutMs for a test that waits on a timeout); `sitesOptions` the fakes'.
 */
export function useSiteServer(
  kind: DatabaseKind,
  config: Partial<Config> = {},
  sitesOptions: FakeSitesOptions = {},
): SiteServer {
  let database: Database | undefined;
  let sites: FakeSites | undefined;
  let server: TestServer | undefined;
  let overrides: Partial<Config> = {};
  const others: TestServer[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    sites = await startFakeSites(sitesOptions);
    overrides = {
      lichessUrl: sites.lichessUrl,
      chessComUrl: sites.chesscomUrl,
      lichessExplorerUrl: sites.explorerUrl,
      // Generous: a loaded machine streams the fakes' big answers (a 50-game export) slowly.
      siteTimeoutMs: 10_000,
      rateLimitPauseMs: 100,
      ...config,
    };
    server = await startTestServer(database, overrides);
  });
  afterAll(async () => {
    for (const other of others) await other.close();
    await server?.close();
    await sites?.close();
    await database?.close();
  });

  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} is read before the block's beforeAll has run`);
    return value;
  };
  return {
    get database() {
      return ready(database, 'database');
    },
    get sites() {
      return ready(sites, 'sites');
    },
    get server() {
      return ready(server, 'server');
    },
    async startServer(changes = {}) {
      const other = await startTestServer(ready(database, 'database'), { ...overrides, ...changes });
      others.push(other);
      return other;
    },
  };
}
