import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  openTestDatabase,
  signedInClient,
  startTestServer,
  testDatabaseKinds,
  type TestServer,
} from '../../../test/helper.js';
import { buildRepertoireFromPgn, checkConsistency, createOpeningBook } from '../../chess/index.js';
import type { Database } from '../db/client.js';
import { bookEntryOnWire, consistencyPositionOnWire } from '../openings/opening-wire.js';
import {
  FEN_AFTER_E4,
  FEN_AFTER_E4_C5,
  FEN_AFTER_E4_E5_NF3,
  FEN_AFTER_RUY_NC6,
  SMALL_STUDY,
} from '../openings/testdata/small-study.js';

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(name, v);
  return data;
}

const key = (fen: string) => fen.split(' ').slice(0, 4).join(' ');

describe.each(testDatabaseKinds())('opening checks on %s', (kind) => {
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

  test('the consistency check finds the two positions where White has two moves', async () => {
    const { client } = await signedInClient(server);
    const response = await client.postMultipart(
      '/api/consistency_check',
      form({ opening_text: SMALL_STUDY, color: 'white' }),
    );
    expect(response.status).toBe(200);
    const dict = response.body.results_dict;
    expect(dict.map((p: { fen: string }) => p.fen)).toEqual([FEN_AFTER_E4_C5, FEN_AFTER_RUY_NC6]);
    expect(dict[0].moves).toEqual([
      { san: 'Nf3', uci: 'g1f3', chapters: [{ name: 'Open Sicilian', pgn: '1. e4 c5 2. Nf3' }] },
      { san: 'c3', uci: 'c2c3', chapters: [{ name: 'Alapin', pgn: '1. e4 c5 2. c3' }] },
    ]);
    expect(dict[1].moves.map((m: { san: string }) => m.san)).toEqual(['Bb5', 'Bc4']);
    expect(response.body.results).toMatch(/^Consistency Results for: Small/);
  });

  test('as Black the only position with two moves is the reply to 1. e4', async () => {
    const { client } = await signedInClient(server);
    const response = await client.postMultipart(
      '/api/consistency_check',
      form({ opening_text: SMALL_STUDY, color: 'black' }),
    );
    const dict = response.body.results_dict;
    expect(dict.map((p: { fen: string }) => p.fen)).toEqual([FEN_AFTER_E4]);
    expect(dict[0].moves.map((m: { san: string; chapters: unknown[] }) => [m.san, m.chapters.length])).toEqual([
      ['c5', 2],
      ['e5', 2],
    ]);
  });

  test('a single line has no inconsistencies', async () => {
    const { client } = await signedInClient(server);
    const response = await client.postMultipart(
      '/api/consistency_check',
      form({ opening_text: '1. e4 e5 2. Nf3 Nc6 *', color: 'white' }),
    );
    expect(response.body.results_dict).toEqual([]);
    expect(response.body.results).toContain('No inconsistencies found');
  });

  test('an uploaded opening file and repeated excludeSymbols[] fields are read', async () => {
    const { client } = await signedInClient(server);
    const data = form({ color: 'white', 'excludeSymbols[]': ['?!', '??'] });
    data.append('opening_text', new Blob([SMALL_STUDY], { type: 'application/x-chess-pgn' }), 'small.pgn');
    const response = await client.postMultipart('/api/create_opening_book', data);
    expect(response.status).toBe(200);
    const book = JSON.parse(response.body.book);
    // 3. d4?! is excluded, so after 2. Nf3 d6 the Open Sicilian chapter has no move: that position is gone.
    expect(Object.values(book).some((entry) => 'd4' in (entry as { moves: object }).moves)).toBe(false);
    expect(book[key(FEN_AFTER_E4_C5)].moves.Nf3).toMatchObject({ number_of_games: 1, chapters: ['Open Sicilian'] });
  });

  test('the opening book counts lines per move and marks end of line', async () => {
    const { client } = await signedInClient(server);
    const response = await client.postMultipart(
      '/api/create_opening_book',
      form({ opening_text: SMALL_STUDY, color: 'white' }),
    );
    const book = JSON.parse(response.body.book);
    const start = book['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -'];
    expect(start).toMatchObject({ total_games: 4, lowest_move_number: 1 });
    expect(start.moves.e4).toMatchObject({
      number_of_games: 4,
      chapters: ['Ruy', 'Italian', 'Open Sicilian', 'Alapin'],
    });
    const afterE4 = book[key(FEN_AFTER_E4)];
    expect(afterE4.total_games).toBe(4);
    expect(afterE4.moves.e5.number_of_games).toBe(2);
    expect(afterE4.moves.c5.number_of_games).toBe(2);
    const sicilian = book[key(FEN_AFTER_E4_C5)];
    expect(sicilian.moves.c3).toMatchObject({ number_of_games: 0, end_of_line: true, chapters: ['Alapin'] });
    expect(sicilian.lowest_move_number).toBe(2);
  });

  test('a repeated book of one study is the same text, and a changed study gives its own book', async () => {
    const { client } = await signedInClient(server);
    const ask = async (text: string) =>
      (await client.postMultipart('/api/create_opening_book', form({ opening_text: text, color: 'white' }))).text;
    const first = await ask(SMALL_STUDY);
    expect(await ask(SMALL_STUDY)).toBe(first);
    const changed = JSON.parse(
      JSON.parse(await ask(`${SMALL_STUDY}\n\n[Event "Scotch"]\n\n1. e4 e5 2. Nf3 Nc6 3. d4 *`)).book,
    );
    expect(JSON.parse(JSON.parse(first).book)[key(FEN_AFTER_E4)].moves.e5.number_of_games).toBe(2);
    expect(changed[key(FEN_AFTER_E4)].moves.e5.number_of_games).toBe(3);
  });

  test('a cached answer is the same bytes as a fresh one, compressed or not, and as the answer made whole', async () => {
    const { client } = await signedInClient(server);
    // A study no other test sends, so the first call makes the answers.
    const text = `${SMALL_STUDY}\n\n[Event "Bytes ${kind}"]\n\n1. e4 c5 2. Nc3 *`;
    const options = { color: 'white' as const };
    const rep = buildRepertoireFromPgn(text, options).unwrap();
    const { results, positions } = checkConsistency(rep);
    const book = Object.entries(createOpeningBook(rep)).map(([fen, entry]) => [fen, bookEntryOnWire(entry)]);
    const whole = {
      '/api/consistency_check': JSON.stringify({ results, results_dict: positions.map(consistencyPositionOnWire) }),
      '/api/create_opening_book': JSON.stringify({
        book: JSON.stringify(Object.fromEntries(book)),
        name: rep.name,
        color: rep.color,
      }),
    };
    for (const [path, expected] of Object.entries(whole)) {
      const call = (encoding: string) =>
        client.request('POST', path, form({ opening_text: text, color: 'white' }), { 'accept-encoding': encoding });
      const fresh = await call('br');
      expect(fresh.status).toBe(200);
      expect(fresh.text).toBe(expected);
      const cached = await call('br');
      expect(cached.headers.get('content-encoding')).toBe('br');
      expect(cached.text).toBe(fresh.text);
      const plain = await call('identity');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
      expect(plain.text).toBe(fresh.text);
      expect((await call('gzip')).text).toBe(fresh.text);
    }
  });

  test('the book is JSON text unless the request asks for the object form (book_format=object)', async () => {
    const { client } = await signedInClient(server);
    const fields = { opening_text: SMALL_STUDY, color: 'white' };
    const book = async (extra: Record<string, string>) =>
      (await client.postMultipart('/api/create_opening_book', form({ ...fields, ...extra }))).body;
    const asText = await book({});
    expect(typeof asText.book).toBe('string');
    expect(await book({ format: 'text' })).toEqual(asText);
    const asObject = await book({ book_format: 'object' });
    expect(typeof asObject.book).toBe('object');
    expect(JSON.parse(asText.book)).toEqual(asObject.book);
    expect(await book({ format: 'object' })).toEqual(asObject);
    expect([asText.name, asText.color]).toEqual([asObject.name, asObject.color]);
  });

  test('a game leaving on the opponent move is compared as plain text', async () => {
    const { client } = await signedInClient(server);
    const response = await client.postMultipart(
      '/api/check_opening',
      form({
        opening_text: SMALL_STUDY,
        color: 'white',
        game_text: '[White "me"]\n[Black "you"]\n\n1. e4 e5 2. Nf3 d6 *',
        game_name: 'me vs. you',
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/plain/);
    expect(response.text).toBe(
      'Opening: Small\nGame: me vs. you\nYour opponent left the repertoire at move 2: they played 2... d6; the repertoire expects 2... Nc6.',
    );
  });

  test('with format=json the comparison names the position and the repertoire moves there', async () => {
    const { client } = await signedInClient(server);
    const response = await client.postMultipart(
      '/api/check_opening',
      form({ opening_text: SMALL_STUDY, color: 'white', game_text: '1. e4 c5 2. d4 cxd4 *', format: 'json' }),
    );
    const c = response.body.comparison;
    expect(c).toMatchObject({
      outcome: 'left',
      side: 'player',
      moveNumber: 2,
      fen: FEN_AFTER_E4_C5,
      played: { san: 'd4' },
    });
    expect(c.repertoireMoves.map((m: { san: string }) => m.san).sort()).toEqual(['Nf3', 'c3']);
    expect(response.body.results).toContain('You left the repertoire at move 2');
  });

  test('a game that stays in book until the line ends says so', async () => {
    const { client } = await signedInClient(server);
    const response = await client.postMultipart(
      '/api/check_opening',
      form({ opening_text: SMALL_STUDY, color: 'white', game_text: '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *', format: 'json' }),
    );
    expect(response.body.comparison.outcome).toBe('end_of_line');
    expect(FEN_AFTER_E4_E5_NF3).toBeTruthy();
  });

  test.each([
    ['no opening text', { opening_text: '', color: 'white' }, /No study text/],
    ['a bad colour', { opening_text: SMALL_STUDY, color: 'red' }, /color/],
    [
      'an opening that is not PGN',
      { opening_text: '1. e4 e5 2. Ke3', color: 'white' },
      /opening PGN could not be read/,
    ],
    [
      'an unknown symbol',
      { opening_text: SMALL_STUDY, color: 'white', 'excludeSymbols[]': '!!' },
      /Unknown exclude symbol/,
    ],
  ])('the consistency check refuses %s with 400', async (_name, fields, message) => {
    const { client } = await signedInClient(server);
    const response = await client.postMultipart('/api/consistency_check', form(fields));
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(message);
  });

  test('a game that is not PGN is refused with 400', async () => {
    const { client } = await signedInClient(server);
    const response = await client.postMultipart(
      '/api/check_opening',
      form({ opening_text: SMALL_STUDY, color: 'white', game_text: '1. e4 e5 2. Qxf7 *' }),
    );
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/game PGN could not be read/);
  });

  test('the checks need a session', async () => {
    const response = await server
      .client()
      .postMultipart('/api/consistency_check', form({ opening_text: SMALL_STUDY, color: 'white' }));
    expect(response.status).toBe(401);
  });
});
