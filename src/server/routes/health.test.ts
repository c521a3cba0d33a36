import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, startTestServer, testDatabaseKinds, type TestServer } from '../../../test/helper.js';
import type { Database } from '../db/client.js';

describe.each(testDatabaseKinds())('health check on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server.close();
  });

  test('a process that reaches its database answers 200 without a session', async () => {
    const response = await server.client().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: true, database: 'reachable' });
  });

  test('a process whose database is gone answers 503', async () => {
    await database.close();
    const response = await server.client().get('/api/health');
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ ok: false, database: 'unreachable' });
  });
});
