import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
  signedInUser,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema.js';

describe.each(testDatabaseKinds())('XSRF check by matched route on %s', (kind) => {
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

  test.each(['/%61pi/update-lichess-username', '/%61%70%69/update-lichess-username', '/api/update-lichess-usernam%65'])(
    'a percent-encoded path %s without the XSRF header is refused and changes nothing',
    async (path) => {
      const user = await signedInUser(server.app, server.url, { lichess: 'before' });
      await user.client.get('/api/health');
      const response = await user.client.request('POST', path, new URLSearchParams({ username_lichess: 'forged' }), {
        'x-xsrf-token': '',
      });
      expect(response.status).toBe(403);
      const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
      expect(row.usernameLichess).toBe('before');
    },
  );

  test('a percent-encoded login without the XSRF header is refused', async () => {
    const client = server.client();
    const response = await client.request(
      'POST',
      '/%61pi/login',
      new URLSearchParams({ username: 'x', password: 'y' }),
      {
        'x-xsrf-token': '',
      },
    );
    expect(response.status).toBe(403);
  });

  test('the same call with the header still works', async () => {
    const user = await signedInUser(server.app, server.url, { lichess: 'before' });
    const response = await user.client.postForm('/%61pi/update-lichess-username', { username_lichess: 'after' });
    expect(response.status).toBe(200);
  });
});
