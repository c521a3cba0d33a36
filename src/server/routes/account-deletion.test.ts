// The player's data, continued: the Anki deck and deleting the account.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openTestDatabase, startTestServer, testDatabaseKinds, type TestServer } from '../../../test/helper.js';
import type { Database } from '../db/client.js';
import { lichessConnections, sessions, users } from '../db/schema.js';
import { accountDataPlayers } from './account-data-players.js';

describe.each(testDatabaseKinds())('Anki deck and account deletion on %s', (kind) => {
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

  const { signUp, populated, rowCounts } = accountDataPlayers(
    () => server,
    () => database,
  );

  test('the Anki file has its header lines, one line a card, escaped text and an SVG board on each side', async () => {
    const player = await populated();
    const answer = await player.client.get('/api/export/anki.txt');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="chess-prep-cards-.*\.txt"$/);
    const lines = answer.text.split('\n');
    expect(lines.slice(0, 3)).toEqual(['#separator:tab', '#html:true', '#columns:Front\tBack\tTags']);
    expect(lines).toHaveLength(3 + 2);
    const fields = lines.slice(3).map((line) => line.split('\t'));
    for (const row of fields) {
      expect(row).toHaveLength(3);
      expect(row[0]).toMatch(/<svg [^>]*>.*<\/svg>/);
      expect(row[1]).toMatch(/<svg [^>]*>.*<\/svg>/);
      expect(row[2]).toBe('chess-prep');
      expect(row.join('')).not.toContain('"');
    }
    const first = fields.find((row) => row[0].includes('What now?'))!;
    expect(first[0]).toContain('What now? &lt;b&gt;bold&lt;/b&gt; &amp; &quot;quoted&quot;<br>second line');
    expect(first[0]).not.toContain('<b>');
    expect(first[1]).toContain('e4 for sure');
    // Black's view: the prompt board is drawn from Black's side.
    expect(first[0]).toContain('black at the bottom');
  });

  test('an account without cards gives the header lines only', async () => {
    const player = await signUp('nocards');
    const answer = await player.client.get('/api/export/anki.txt');
    expect(answer.text.split('\n')).toEqual(['#separator:tab', '#html:true', '#columns:Front\tBack\tTags']);
  });

  test('account deletion: a wrong password changes nothing; the right one removes every row and session, and frees the names', async () => {
    const player = await populated();
    const other = await populated();
    const otherBefore = await rowCounts(other.id);
    const secondBrowser = server.client();
    const login = await secondBrowser.postForm('/api/login', {
      username: player.fields.username,
      password: player.fields.password,
    });
    expect(login.body.LoggedIn).toBe(true);

    const wrong = await player.client.postForm('/api/delete-account', { password: 'not-my-password' });
    expect(wrong.body).toEqual({ api_result: 'bad_password' });
    expect((await player.client.postForm('/api/check-if-logged-in', {})).body.LoggedIn).toBe(true);
    expect((await rowCounts(player.id)).cards).toBe(2);

    const missing = await player.client.postForm('/api/delete-account', {});
    expect(missing.status).toBe(400);
    expect((await player.client.postForm('/api/delete-account', { password: '' })).body).toEqual({
      api_result: 'bad_password',
    });

    const cookieBefore = player.client.cookies.get('sid');
    const right = await player.client.postForm('/api/delete-account', { password: player.fields.password });
    expect(right.body).toEqual({ api_result: 'account_deleted' });
    expect(player.client.cookies.has('sid')).toBe(false);

    expect(await database.db.select().from(users).where(eq(users.id, player.id))).toEqual([]);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, player.id))).toEqual([]);
    expect(await database.db.select().from(lichessConnections).where(eq(lichessConnections.userId, player.id))).toEqual(
      [],
    );
    expect(Object.values(await rowCounts(player.id)).every((n) => n === 0)).toBe(true);

    // The old session is refused, in this browser (cookie put back) and in the other one.
    const replay = server.client();
    replay.cookies.set('sid', cookieBefore!);
    expect((await replay.get('/api/get-cards')).status).toBe(401);
    expect((await secondBrowser.get('/api/export')).status).toBe(401);

    // Another player's data is untouched.
    expect(await rowCounts(other.id)).toEqual(otherBefore);
    expect((await other.client.get('/api/get-cards')).body.api_data).toHaveLength(2);

    // The email and username can sign up again.
    const again = await server.client().postForm('/api/register', player.fields);
    expect(again.body).toEqual({ api_status: 'success', api_data: 'register success' });
  });

  test("every table holding a player's rows goes with the player (user_id references users on delete cascade)", async () => {
    const rows = await database.db.execute<{ table_name: string; delete_rule: string | null }>(sql`
      select c.table_name, rc.delete_rule
      from information_schema.columns c
      left join information_schema.key_column_usage k
        on k.table_schema = c.table_schema and k.table_name = c.table_name and k.column_name = c.column_name
      left join information_schema.referential_constraints rc
        on rc.constraint_schema = k.constraint_schema and rc.constraint_name = k.constraint_name
      where c.table_schema = 'public' and c.column_name = 'user_id'`);
    const list = (Array.isArray(rows) ? rows : (rows as { rows: typeof rows }).rows) as {
      table_name: string;
      delete_rule: string | null;
    }[];
    expect(list.length).toBeGreaterThan(5);
    const byTable = new Map<string, string[]>();
    for (const row of list)
      byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row.delete_rule ?? 'none']);
    for (const [table, rules] of byTable)
      expect({ table, cascades: rules.includes('CASCADE') }).toEqual({ table, cascades: true });
  });
});
