import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  type HttpClient,
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import type { DrillItem } from '@contract/drill.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const AFTER_E4_C5 = 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const STUDY = [
  '[Event "Prep: Open"]',
  '',
  '{ The open game starts here. [%csl Ge4] }',
  '1. e4 { Take the centre [%cal Ge2e4,Gd2d4] } e5 { Black mirrors [%cal Re7e5] } 2. Nf3! { Attack e5 [%clk 0:01:00] } Nc6 3. Bb5 *',
  '',
  '[Event "Prep: Sicilian"]',
  '',
  '1. e4 { Take the centre } c5 { The Sicilian [%csl Rc5] } 2. Nf3 *',
  '',
].join('\n');

const E4 = {
  uci: 'e2e4',
  san: 'e4',
  comment: 'Take the centre',
  shapes: [
    { orig: 'e2', dest: 'e4', brush: 'green' },
    { orig: 'd2', dest: 'd4', brush: 'green' },
  ],
  glyphs: [],
};
const BEFORE_START = { comment: 'The open game starts here.', shapes: [{ orig: 'e4', brush: 'green' }] };
const BEFORE_NF3 = { comment: 'Black mirrors', shapes: [{ orig: 'e7', dest: 'e5', brush: 'red' }] };
const NF3 = { uci: 'g1f3', san: 'Nf3', comment: 'Attack e5', shapes: [], glyphs: ['!'] };

describe.each(testDatabaseKinds())('the study’s annotations on drill items and workshop positions on %s', (kind) => {
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

  const withStudy = async (): Promise<HttpClient> => {
    const { client } = await signedInClient(server, { prefix: 'annot' });
    expect(
      (await client.postJson('/api/update-study', { color: 'white', study_text: STUDY, title: 'Prep' })).status,
    ).toBe(200);
    return client;
  };
  const byFen = (items: DrillItem[], fen: string) =>
    items.find((i) => i.fen.split(' ').slice(0, 4).join(' ') === fen.split(' ').slice(0, 4).join(' '))!;

  test('next serves each item with what the study says before it and about each answer', async () => {
    const client = await withStudy();
    const items = (await client.get('/api/drill/next?color=white&limit=10')).body.api_data as DrillItem[];
    expect(items).toHaveLength(4);
    expect(byFen(items, START)).toMatchObject({ before: BEFORE_START, answers: [E4] });
    expect(byFen(items, AFTER_E4_E5)).toMatchObject({ before: BEFORE_NF3, answers: [NF3] });
    // The same Nf3 from another position has nothing said about it there.
    expect(byFen(items, AFTER_E4_C5)).toMatchObject({
      before: { comment: 'The Sicilian', shapes: [{ orig: 'c5', brush: 'red' }] },
      answers: [{ uci: 'g1f3', san: 'Nf3', comment: '', shapes: [], glyphs: [] }],
    });
    // Neither PGN commands nor a clock reach the text.
    expect(JSON.stringify(items)).not.toMatch(/\[%|0:01:00/);
  });

  test('line mode, drill lines, focus and the answer’s item carry the same annotations', async () => {
    const client = await withStudy();
    const line = (await client.get('/api/drill/line?color=white')).body.api_data as { ask: DrillItem };
    expect(line.ask).toMatchObject({ before: BEFORE_START, answers: [E4] });

    const along = await client.postJson('/api/drill/lines', { color: 'white', lines: ['1. e4 e5 2. Nf3'] });
    expect(along.status).toBe(200);
    const alongItems = along.body.api_data as DrillItem[];
    expect(alongItems.map((i) => i.answers[0].comment)).toEqual(['Take the centre', 'Attack e5']);
    expect(alongItems[1].before).toEqual(BEFORE_NF3);

    const focus = await client.postJson('/api/drill/focus', { color: 'white', fen: AFTER_E4_E5 });
    expect(focus.body.api_data).toMatchObject({ before: BEFORE_NF3, answers: [NF3] });

    const answered = await client.postJson('/api/drill/answer', { id: focus.body.api_data.id, uci: 'd2d4' });
    expect(answered.body.api_data.correct).toBe(false);
    expect(answered.body.api_data.item).toMatchObject({ before: BEFORE_NF3, answers: [NF3] });
  });

  test('the workshop position gives each repertoire move its comment, shapes and glyphs', async () => {
    const client = await withStudy();
    const at = async (fen: string) =>
      (await client.get(`/api/repertoire/position?color=white&fen=${encodeURIComponent(fen)}`)).body.api_data;
    expect((await at(START)).moves).toEqual([{ ...E4, fen: expect.any(String), added: false, own_note: '' }]);
    expect((await at(AFTER_E4_E5)).moves).toEqual([{ ...NF3, fen: expect.any(String), added: false, own_note: '' }]);
    const afterE4 = await at('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1');
    expect(afterE4.moves.map((m: { san: string; comment: string }) => [m.san, m.comment])).toEqual([
      ['e5', 'Black mirrors'],
      ['c5', 'The Sicilian'],
    ]);
  });
});
