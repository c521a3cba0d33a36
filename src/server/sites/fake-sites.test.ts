import { parseFen } from 'chessops/fen';
import { Chess } from 'chessops/chess';
import { parseSan } from 'chessops/san';
import { makeUci } from 'chessops/util';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startFakeSites, type FakeSites } from '../../../e2e/fakes/fake-sites.js';

// The fakes stand in for the real sites in integration and browser tests, so their own behaviour is
// checked here: HTTP controls, the User-Agent rules and the made-up explorer answers.

let sites: FakeSites;
beforeAll(async () => {
  sites = await startFakeSites();
});
afterAll(() => sites.close());
beforeEach(() => sites.reset());

const ua = { 'User-Agent': 'chess-prep-test/1 (+https://example.org)' };

describe('fake sites', () => {
  test('modes and counters can be driven over HTTP', async () => {
    const set = await fetch(`${sites.lichessUrl}/__fake/mode`, {
      method: 'POST',
      body: JSON.stringify({ route: 'lichess-games', mode: 'error500', once: true }),
    });
    expect(set.status).toBe(200);
    expect((await fetch(`${sites.lichessUrl}/api/games/user/a`, { headers: ua })).status).toBe(500);
    expect((await fetch(`${sites.lichessUrl}/api/games/user/a`, { headers: ua })).status).toBe(200);
    const counts = await (await fetch(`${sites.chesscomUrl}/__fake/requests`)).json();
    expect(counts).toMatchObject({ 'lichess-games': 2, explorer: 0 });
    await fetch(`${sites.explorerUrl}/__fake/reset`, { method: 'POST' });
    expect(sites.requests('lichess-games')).toBe(0);
  });

  test('an unknown control mode is refused', async () => {
    const res = await fetch(`${sites.lichessUrl}/__fake/mode`, {
      method: 'POST',
      body: '{"route":"explorer","mode":"boom"}',
    });
    expect(res.status).toBe(400);
  });

  test('the games export and Chess.com refuse clients that do not name themselves', async () => {
    expect((await fetch(`${sites.lichessUrl}/api/games/user/a`)).status).toBe(404);
    expect((await fetch(`${sites.chesscomUrl}/pub/player/a/games/2020/05`)).status).toBe(403);
  });

  test('Chess.com months other than the fixture months are empty', async () => {
    const body = await (await fetch(`${sites.chesscomUrl}/pub/player/a/games/2019/01`, { headers: ua })).json();
    expect(body).toEqual({ games: [] });
  });

  test('the explorer answers the recorded API example for its own position', async () => {
    const fen = 'rnbqkbnr/pp2pppp/2p5/3P4/3P4/8/PP2PPPP/RNBQKBNR b KQkq - 0 3';
    const res = await fetch(`${sites.explorerUrl}/lichess?fen=${encodeURIComponent(fen)}`, {
      headers: { Authorization: 'Bearer t' },
    });
    const body = await res.json();
    expect(body.white).toBe(5061745);
    expect(body.opening).toEqual({ eco: 'D10', name: 'Slav Defense: Exchange Variation' });
  });

  test.each([
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    'r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4',
    '8/P6k/8/8/8/8/6K1/8 w - - 0 1',
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
  ])('made-up explorer moves are legal in %s, with matching SAN and UCI', async (fen) => {
    const res = await fetch(`${sites.explorerUrl}/lichess?fen=${encodeURIComponent(fen)}`, {
      headers: { Authorization: 'Bearer t' },
    });
    const body = (await res.json()) as { moves: { uci: string; san: string }[] };
    expect(body.moves.length).toBeGreaterThan(0);
    const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
    for (const move of body.moves) {
      const parsed = parseSan(pos, move.san);
      expect(parsed, move.san).toBeDefined();
      const uci = makeUci(parsed!);
      // chessops writes castling as king-takes-rook; the explorer writes e1g1.
      expect(uci === move.uci || (move.san.startsWith('O-O') && uci.slice(0, 2) === move.uci.slice(0, 2))).toBe(true);
    }
  });

  test('the explorer answers 401 without a bearer token', async () => {
    expect((await fetch(`${sites.explorerUrl}/lichess?fen=x`)).status).toBe(401);
  });

  test('close ends pending slow answers', async () => {
    const other = await startFakeSites();
    other.setMode('lichess-studies', 'slow', { delayMs: 10_000 });
    const pending = fetch(`${other.lichessUrl}/api/study/by/a`).catch(() => 'closed');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await other.close();
    expect(await pending).toBe('closed');
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
