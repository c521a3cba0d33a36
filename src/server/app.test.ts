import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, startTestServer, testDatabaseKinds, type TestServer } from '../../test/helper.js';
import type { Database } from './db/client.js';

describe.each(testDatabaseKinds())('app skeleton on %s', (kind) => {
  let database: Database;
  let server: TestServer;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  test('a first request is handed an XSRF cookie', async () => {
    const response = await server.client().get('/api/health');
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().join()).toMatch(/XSRF-TOKEN=/);
  });

  test('a POST without the XSRF header is refused with 403', async () => {
    const client = server.client();
    const response = await client.request('POST', '/api/health', '', { 'x-xsrf-token': 'wrong' });
    expect(response.status).toBe(403);
  });

  test('an unknown API path is a JSON 404', async () => {
    const response = await server.client().get('/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not found' });
  });
});
