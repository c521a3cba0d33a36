import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import { SMALL_STUDY } from '../openings/testdata/small-study.js';

const MB = 1024 * 1024;

/** A study far longer than 1 MB whose last chapter (1. d4) comes after a long tag: a cut text lacks it. */
const longStudy = (bytes: number) =>
  `${SMALL_STUDY}\n\n\n[Event "Small: Long"]\n[Annotator "${'x'.repeat(bytes)}"]\n\n1. d4 *`;

describe.each(testDatabaseKinds())('uploads on %s', (kind) => {
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

  test('a logged-out upload is refused with 401 before its files are read', async () => {
    const form = new FormData();
    for (let i = 0; i < 3; i += 1) form.append('opening_text', new Blob(['x'.repeat(6 * MB)]), `f${i}.pgn`);
    form.append('color', 'white');
    const response = await server.client().postMultipart('/api/consistency_check', form);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ api_result: 'user_not_logged_in' });
  });

  test('a pasted opening between 1 and 5 MB is read whole', async () => {
    const { client } = await signedInClient(server);
    const form = new FormData();
    form.append('opening_text', longStudy(1.5 * MB));
    form.append('color', 'white');
    const response = await client.postMultipart('/api/create_opening_book', form);
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    expect(response.body.book).toContain('d4');
  });

  test('a text field over the limit is refused with 413 naming it, never cut', async () => {
    const { client } = await signedInClient(server);
    const form = new FormData();
    form.append('opening_text', 'x'.repeat(5 * MB + 10));
    form.append('color', 'white');
    const response = await client.postMultipart('/api/consistency_check', form);
    expect(response.status).toBe(413);
    expect(response.body.error).toMatch(/opening_text.*5 MB/);
  });

  test('too many files in one form are refused with 413', async () => {
    const { client } = await signedInClient(server);
    const form = new FormData();
    for (let i = 0; i < 10; i += 1) form.append(`f${i}`, new Blob(['1. e4 *']), `f${i}.pgn`);
    const response = await client.postMultipart('/api/consistency_check', form);
    expect(response.status).toBe(413);
  });

  test('a study_text over the body limit is refused with a clear message', async () => {
    const { client } = await signedInClient(server);
    const response = await client.postJson('/api/update-study', {
      color: 'white',
      title: 't',
      study_text: 'x'.repeat(5 * MB + 10),
    });
    expect(response.status).toBe(413);
    expect(response.body.error).toMatch(/5 MB/);
  });
});
