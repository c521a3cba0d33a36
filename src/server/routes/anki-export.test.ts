import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe.each(testDatabaseKinds())('the Anki deck on %s', (kind) => {
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

  test('a large deck is streamed page by page, every card once and in the order they were made', async () => {
    const { client } = await signedInClient(server);
    const total = 1_234;
    // Cards stored in one call share one creation time, so paging must not lose or repeat any of them.
    const sent = Array.from({ length: total }, (_, i) => ({
      id: `anki-${String(i).padStart(5, '0')}`,
      prompt: `Prompt ${i}`,
      prompt_fen: START,
      answer: `Answer ${i}`,
      answer_fen: START,
    }));
    expect((await client.postJson('/api/upsert-cards', sent)).status).toBe(200);

    const answer = await client.get('/api/export/anki.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('transfer-encoding')).toBe('chunked');
    const lines = answer.text.split('\n');
    expect(lines.slice(0, 3)).toEqual(['#separator:tab', '#html:true', '#columns:Front\tBack\tTags']);
    const prompts = lines.slice(3).map((line) => /Prompt (\d+)/.exec(line)?.[1]);
    expect(prompts).toEqual(sent.map((_, i) => String(i)));
  });
});
