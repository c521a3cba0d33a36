// Five answers are written as prepared JSON text or bytes, past the serializer that checks every
// other answer against its endpoint's schema (get_stats, get-cards, consistency_check,
// create_opening_book, and drill/next from its items' kept JSON). This holds each of them to that
// schema instead, with real content.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import { cardsApi } from '@contract/cards.js';
import { drillApi } from '@contract/drill.js';
import { openingsApi } from '@contract/openings.js';
import { statsApi } from '@contract/stats.js';
import {
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type HttpClient,
  type TestServer,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import { SMALL_STUDY } from '../openings/testdata/small-study.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';

const openingForm = (fields: Record<string, string>): FormData => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

/** The answer read back through its endpoint's schema: equal to what was sent, nothing dropped or added. */
function expectSchemaHolds(schema: unknown, body: unknown): void {
  const parsed = (schema as z.ZodType).safeParse(body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(parsed.data).toEqual(body);
}

describe.each(testDatabaseKinds())('answers written past the serializer on %s', (kind) => {
  let database: Database;
  let server: TestServer;
  let client: HttpClient;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    server = await startTestServer(database);
    ({ client } = await signedInClient(server, { prefix: 'prepared' }));
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  test('get_stats: the stored records', async () => {
    const record = {
      fen: START,
      speeds: 'blitz,rapid',
      ratings: '1600,1800',
      white: 50,
      draws: 10,
      black: 40,
      moves: [{ uci: 'e2e4', san: 'e4', white: 30, draws: 5, black: 20, averageRating: 1712 }],
    };
    const stored = await client.postForm('/api/update_stats', { stats: JSON.stringify([record]) });
    expect(stored.status, stored.text).toBe(200);
    const answer = await client.get('/api/get_stats?speeds=blitz,rapid&ratings=1600,1800');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([expect.objectContaining({ fen: START, white: 50 })]);
    expectSchemaHolds(statsApi.get.answer, answer.body);
  });

  test('get-cards: the stored cards', async () => {
    const card = {
      id: 'prepared-1',
      prompt: 'First move?',
      prompt_fen: `${START} 0 1`,
      answer: 'e4',
      answer_fen: AFTER_E4,
      orientation: 'white',
    };
    const saved = await client.postJson('/api/upsert-cards', [card]);
    expect(saved.status, saved.text).toBe(200);
    const answer = await client.get('/api/get-cards');
    expect(answer.status).toBe(200);
    expect(answer.body.api_data).toHaveLength(1);
    expectSchemaHolds(cardsApi.list.answer, answer.body);
  });

  test('consistency_check and create_opening_book: a study with conflicts', async () => {
    const consistency = await client.postMultipart(
      '/api/consistency_check',
      openingForm({ opening_text: SMALL_STUDY, color: 'white' }),
    );
    expect(consistency.status).toBe(200);
    expect(consistency.body.results_dict.length).toBeGreaterThan(0);
    expectSchemaHolds(openingsApi.consistencyCheck.answer, consistency.body);
    const book = await client.postMultipart(
      '/api/create_opening_book',
      openingForm({ opening_text: SMALL_STUDY, color: 'white' }),
    );
    expect(book.status).toBe(200);
    expect(typeof book.body.book).toBe('string');
    expectSchemaHolds(openingsApi.createOpeningBook.answer, book.body);
    // The book is JSON text by the product contract: its entries hold to the object form's schema.
    const forms = (openingsApi.createOpeningBook.answer as unknown as { shape: { book: { options: unknown[] } } }).shape
      .book.options;
    expectSchemaHolds(forms[1], JSON.parse(book.body.book as string));
  });

  test('drill/next: the items, made once and served again from their kept JSON, as the serializer writes them', async () => {
    const stored = await client.postJson('/api/update-study', {
      color: 'white',
      study_text: SMALL_STUDY,
      title: 'Small',
    });
    expect(stored.status, stored.text).toBe(200);
    const first = await client.get('/api/drill/next?color=white');
    expect(first.status).toBe(200);
    expect(first.body.api_data.length).toBeGreaterThan(1);
    expectSchemaHolds(drillApi.next.answer, first.body);
    // The same bytes as the endpoint's schema and JSON.stringify make, key order included.
    expect(first.text).toBe(JSON.stringify((drillApi.next.answer as z.ZodType).parse(first.body)));
    // Stored on the first call, kept with their versions on the second, served from what was kept after.
    for (let call = 0; call < 2; call++)
      expect((await client.get('/api/drill/next?color=white')).text).toBe(first.text);
  });
});
