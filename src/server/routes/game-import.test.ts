import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, test } from 'vitest';
import { signedInUser, testDatabaseKinds, type Json, type TestServer, type TestUser } from '../../../test/helper.js';
import { useSiteServer } from '../../../test/site-server.js';
import { importDueGames } from '../today/import-due-games.js';
import { runningChecks } from '../today/new-games.js';
import { rowsOf } from '../db/rows.js';

describe.each(testDatabaseKinds())('games that arrive by themselves on %s', (kind) => {
  const env = useSiteServer(kind);
  let other: TestServer;

  beforeAll(async () => {
    // A second process on the same database.
    other = await env.startServer();
  });

  /** Runs the background look for due players on both apps at once, and waits for the fetches. */
  const importOnBoth = async (...players: TestUser[]) => {
    const only = players.map((p) => p.id);
    await Promise.all([importDueGames(env.server.app, new Date(), only), importDueGames(other.app, new Date(), only)]);
    await fetched(only);
  };
  /** Waits until the players' fetches (jobs, on either app) have ended. */
  const fetched = async (only: number[]) => {
    const until = Date.now() + 20_000;
    for (;;) {
      const [row] = rowsOf<{ n: number }>(
        await env.database.db.execute(sql`
          select count(*)::int as n from site_game_checks
          where user_id = any(${`{${only.join(',')}}`}::int[]) and finished_at is null`),
      );
      if (row.n === 0 || Date.now() > until) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all([...runningChecks(env.server.app), ...runningChecks(other.app)]);
  };
  /** Makes the player's last fetches an hour old, so the next look fetches again. */
  const ageChecks = (user: TestUser) =>
    env.database.db.execute(
      sql`update site_game_checks set started_at = started_at - interval '2 hours' where user_id = ${user.id}`,
    );
  const reviews = async (user: TestUser) => (await user.client.get('/api/get-game-reviews')).body.api_data as Json[];
  const recentLinks = async (user: TestUser, site: string) =>
    ((await user.client.get(`/api/recent-games?site=${site}`)).body.api_data as Json[]).map((g) => g.link).sort();

  test('on by default: each site’s new games are saved once, across runs and two processes, and Today counts them', async () => {
    const player = await signedInUser(env.server.app, env.server.url, {
      lichess: 'thibault',
      chesscom: 'FabianoCaruana',
    });
    const settings = (await player.client.get('/api/games/settings')).body.api_data;
    expect(settings).toEqual({
      auto_import: true,
      chosen: false,
      sites: [
        { site: 'lichess', username: 'thibault', checked_at: null, imported: 0, error: null },
        { site: 'chesscom', username: 'FabianoCaruana', checked_at: null, imported: 0, error: null },
      ],
    });
    const lichess = await recentLinks(player, 'lichess');
    const chesscom = await recentLinks(player, 'chesscom');
    expect(lichess.length).toBeGreaterThan(0);
    expect(chesscom.length).toBeGreaterThan(0);

    await importOnBoth(player);
    const saved = await reviews(player);
    expect(saved.map((r) => r.link).sort()).toEqual([...lichess, ...chesscom].sort());
    const after = (await player.client.get('/api/games/settings')).body.api_data;
    expect(after.sites.map((s: Json) => [s.site, s.imported, s.error])).toEqual(
      [
        ['lichess', lichess.length],
        ['chesscom', chesscom.length],
      ].map(([site, n]) => [site, n, null]),
    );
    const today = (await player.client.get('/api/today')).body.api_data;
    expect(today.imported_unanalysed).toBe(saved.length);
    expect(today.unanalysed_reviews).toBe(saved.length);

    // Again an hour later, from both processes at once: nothing new, nothing twice.
    await ageChecks(player);
    await importOnBoth(player);
    expect(await reviews(player)).toHaveLength(saved.length);

    // A review the player deletes is not brought back by the next import.
    const gone = saved[0];
    await player.client.postJson('/api/delete-game-review', { game_review_id: gone.id });
    await ageChecks(player);
    await importOnBoth(player);
    expect((await reviews(player)).map((r) => r.id)).not.toContain(gone.id);
    expect(await reviews(player)).toHaveLength(saved.length - 1);
  });

  test('a failing site leaves the other’s games coming, and says what failed', async () => {
    const player = await signedInUser(env.server.app, env.server.url, {
      lichess: 'thibault',
      chesscom: 'FabianoCaruana',
    });
    const lichess = await recentLinks(player, 'lichess');
    env.sites.setMode('chesscom-games', 'error500');
    try {
      await importOnBoth(player);
    } finally {
      env.sites.setMode('chesscom-games', 'ok');
    }
    expect((await reviews(player)).map((r) => r.link).sort()).toEqual(lichess);
    const settings = (await player.client.get('/api/games/settings')).body.api_data;
    const chesscom = settings.sites.find((s: Json) => s.site === 'chesscom');
    expect(chesscom.imported).toBe(0);
    expect(chesscom.error).toBeTruthy();
  });

  test('turned off, nothing is imported; a bad setting is a 400 that changes nothing', async () => {
    const player = await signedInUser(env.server.app, env.server.url, { lichess: 'thibault' });
    const bad = await player.client.postJson('/api/games/settings', { auto_import: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/auto_import must be true or false/);
    expect((await player.client.get('/api/games/settings')).body.api_data.chosen).toBe(false);
    const off = await player.client.postJson('/api/games/settings', { auto_import: false });
    expect(off.body.api_data).toMatchObject({ auto_import: false, chosen: true });
    await importOnBoth(player);
    // Today still fetches (to count new games) but saves none.
    await player.client.get('/api/today');
    await fetched([player.id]);
    expect(await reviews(player)).toHaveLength(0);
    const lichess = (await player.client.get('/api/games/settings')).body.api_data.sites[0];
    expect(lichess.checked_at).not.toBeNull();
    expect(lichess.imported).toBe(0);
  });

  test('a fetch whose process died is claimed again and run by a living one', async () => {
    const player = await signedInUser(env.server.app, env.server.url, { lichess: 'thibault' });
    const lichess = await recentLinks(player, 'lichess');
    // As a process that claimed the fetch a minute ago and died would leave it.
    await env.database.db.execute(sql`
      insert into site_game_checks (user_id, site, username, started_at, finished_at, games, jobs_schema)
      values (${player.id}, 'lichess', 'thibault', now() - interval '1 minute', null, '[]'::jsonb,
        ${env.server.app.jobs.schema})`);
    const until = Date.now() + 30_000;
    while ((await reviews(player)).length < lichess.length && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await reviews(player)).map((r) => r.link).sort()).toEqual(lichess);
    const settings = (await player.client.get('/api/games/settings')).body.api_data;
    expect(settings.sites[0]).toMatchObject({ site: 'lichess', imported: lichess.length, error: null });
  }, 40_000);

  test('the settings need a session', async () => {
    expect((await env.server.client().get('/api/games/settings')).status).toBe(401);
  });
});
