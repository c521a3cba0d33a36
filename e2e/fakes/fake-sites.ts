import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { createExplorerAnswers } from './explorer-answer.js';
import { cloudEvalAnswer } from './cloud-eval-answers.js';
import { createFakeOAuth, FAKE_LICHESS_ACCOUNT, PRIVATE_STUDY, PRIVATE_STUDY_PGN } from './fake-oauth.js';
import { createFakeStudyWrites } from './fake-study-write.js';
import { firstGames, loadFixtures } from './fixtures.js';
import {
  fakeModes,
  fakeRoutes,
  type FakeMode,
  type FakeModeOptions,
  type FakeRequest,
  type FakeRoute,
  type FakeSites,
  type FakeSitesOptions,
} from './fake-site-types.js';

/**
 * Fake Lichess, Lichess opening explorer and Chess.com on 127.0.0.1, answering from the real
 * recorded responses in test/fixtures. Tests switch each route into a failure mode and count
 * the requests it saw, in-process (the returned functions) or over HTTP (`/__fake/*`, for browser
 * tests that run the fakes in another process).
 *
 *   const sites = await startFakeSites();
 *   sites.setMode('explorer', 'rate429', { once: true });
 *   ... sites.requests('explorer') ...
 *   await sites.close();
 */

export { fakeModes, fakeRoutes } from './fake-site-types.js';
export type {
  FakeMode,
  FakeModeOptions,
  FakeRequest,
  FakeRoute,
  FakeSites,
  FakeSitesOptions,
} from './fake-site-types.js';

const GARBAGE = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1><p>nginx</p></body></html>\n';
const DEFAULT_SLOW_MS = 3000;

type Handler = (req: IncomingMessage, url: URL, res: ServerResponse) => void;
interface Matched {
  route: FakeRoute;
  handle: Handler;
}

export async function startFakeSites(options: FakeSitesOptions = {}): Promise<FakeSites> {
  const fixtures = loadFixtures(options.fixturesDir);
  const explorer = createExplorerAnswers(fixtures.explorerBerserk, fixtures.explorerDocsExample);
  const now = new Date();
  const currentMonth = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const chesscomMonths = new Set(options.chesscomMonths ?? [currentMonth, '2020/05']);

  const modes = new Map<FakeRoute, { mode: FakeMode } & FakeModeOptions>();
  const logs = new Map<FakeRoute, FakeRequest[]>(fakeRoutes.map((route) => [route, []]));
  const timers = new Set<NodeJS.Timeout>();
  const oauth = createFakeOAuth();
  const studyWrites = createFakeStudyWrites(oauth, (id) => {
    if (id === PRIVATE_STUDY.id) return { name: PRIVATE_STUDY.name };
    const pgn = fixtures.studyPgn(id);
    return pgn === undefined ? undefined : { name: /\[Event "([^:"]+):/.exec(pgn)?.[1] ?? 'Study' };
  });
  // Chapters written to a study follow its own when it is read.
  const withWritten = (id: string, pgn: string) => {
    const added = studyWrites.exportText(id);
    return added === '' ? pgn : `${pgn.trimEnd()}\n\n\n${added}`;
  };
  // A token the fake OAuth issued and no longer honours is refused (401) wherever it is sent.
  const refusesToken = (req: IncomingMessage) => oauth.tokenStatus(req.headers.authorization) === 'dead';
  const isOwner = (req: IncomingMessage, user: string) =>
    oauth.tokenStatus(req.headers.authorization) === 'live' && user.toLowerCase() === FAKE_LICHESS_ACCOUNT.id;

  const send = (res: ServerResponse, status: number, type: string, body: string) => {
    res.writeHead(status, { 'Content-Type': type });
    res.end(body);
  };

  function matchLichess(req: IncomingMessage, url: URL): Matched | undefined {
    let m = /^\/api\/games\/user\/([^/]+)$/.exec(url.pathname);
    if (m) {
      const user = decodeURIComponent(m[1]);
      return {
        route: 'lichess-games',
        handle: (_req, url, res) => {
          // Lichess answers the export with 404 to clients that do not name themselves.
          if (!namesItself(req.headers)) return send(res, 404, 'text/plain', 'Not found');
          const max = Number(url.searchParams.get('max') ?? Infinity);
          send(res, 200, 'application/x-chess-pgn', firstGames(fixtures.userGamesPgn(user), max > 0 ? max : Infinity));
        },
      };
    }
    if (url.pathname === '/api/cloud-eval') {
      return {
        route: 'lichess-cloud-eval',
        handle: (_req, url, res) => {
          const body = cloudEvalAnswer(url.searchParams.get('fen') ?? '', Number(url.searchParams.get('multiPv') ?? 1));
          if (body === undefined) return send(res, 404, 'application/json', '{"error":"Not found"}');
          send(res, 200, 'application/json', body);
        },
      };
    }
    m = /^\/api\/user\/([^/]+)$/.exec(url.pathname);
    if (m) {
      // Any name is an account except those starting 'no_such' / 'no-such', which Lichess answers with 404.
      const user = decodeURIComponent(m[1]);
      return {
        route: 'lichess-user',
        handle: (_req, _url, res) =>
          /^no[-_]such/i.test(user)
            ? send(res, 404, 'application/json', '{"error":"Not found"}')
            : send(res, 200, 'application/json', JSON.stringify({ id: user.toLowerCase(), username: user })),
      };
    }
    m = /^\/api\/study\/by\/([^/]+)$/.exec(url.pathname);
    if (m) {
      const user = decodeURIComponent(m[1]);
      return {
        route: 'lichess-studies',
        handle: (_req, _url, res) => {
          if (refusesToken(req)) return send(res, 401, 'application/json', '{"error":"No such token"}');
          // The owner's own token also lists their private study.
          const own = isOwner(req, user)
            ? `${JSON.stringify({ ...PRIVATE_STUDY, createdAt: 1760000000000, updatedAt: 1760000000000 })}\n`
            : '';
          send(res, 200, 'application/x-ndjson', own + fixtures.studyListNdjson());
        },
      };
    }
    m = /^\/api\/study\/([A-Za-z0-9]{8})(?:\/[A-Za-z0-9]{8})?\.pgn$/.exec(url.pathname);
    if (m && refusesToken(req)) {
      return {
        route: 'lichess-study-pgn',
        handle: (_req, _url, res) => send(res, 401, 'application/json', '{"error":"No such token"}'),
      };
    }
    if (m && m[1] === PRIVATE_STUDY.id) {
      return {
        route: 'lichess-study-pgn',
        handle: (_req, _url, res) =>
          isOwner(req, FAKE_LICHESS_ACCOUNT.id)
            ? send(res, 200, 'application/x-chess-pgn', withWritten(m[1], PRIVATE_STUDY_PGN))
            : send(res, 404, 'application/json', '{"error":"Not found"}'),
      };
    }
    if (m) {
      const pgn = fixtures.studyPgn(m[1]);
      return {
        route: 'lichess-study-pgn',
        handle: (_req, _url, res) =>
          pgn === undefined
            ? send(res, 404, 'application/json', '{"error":"Not found"}')
            : send(res, 200, 'application/x-chess-pgn', withWritten(m[1], pgn)),
      };
    }
    return undefined;
  }

  function matchExplorer(req: IncomingMessage, url: URL): Matched | undefined {
    // The Lichess database at the asked speeds and bands, and the masters database.
    if (url.pathname !== '/lichess' && url.pathname !== '/masters') return undefined;
    return {
      route: 'explorer',
      handle: (_req, url, res) => {
        const auth = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
        const status = oauth.tokenStatus(req.headers.authorization);
        // The server's token, or a player's token from Connect Lichess.
        const accepted =
          auth &&
          (options.explorerToken === undefined
            ? status !== 'dead'
            : auth[1] === options.explorerToken || status === 'live');
        if (!accepted) {
          return send(res, 401, 'application/json', '{"error":"No such token"}');
        }
        const fen = url.searchParams.get('fen') ?? '';
        const body = url.pathname === '/masters' ? explorer.masters(fen) : explorer.answer(fen);
        if (body === undefined) return send(res, 400, 'application/json', '{"error":"Invalid fen"}');
        send(res, 200, 'application/json', body);
      },
    };
  }

  function matchChesscom(req: IncomingMessage, url: URL): Matched | undefined {
    const m = /^\/pub\/player\/([^/]+)\/games\/(\d{4})\/(\d{2})$/.exec(url.pathname);
    if (!m) return undefined;
    const month = `${m[2]}/${m[3]}`;
    return {
      route: 'chesscom-games',
      handle: (_req, _url, res) => {
        if (!namesItself(req.headers)) return send(res, 403, 'text/plain', 'Forbidden');
        // As on Lichess here, names starting 'no_such' / 'no-such' are no account: Chess.com answers 404.
        if (/^no[-_]such/i.test(decodeURIComponent(m[1])))
          return send(res, 404, 'application/json', '{"code":0,"message":"User not found."}');
        const body = chesscomMonths.has(month) ? fixtures.chesscomMonthJson : '{"games":[]}';
        send(res, 200, 'application/json; charset=utf-8', body);
      },
    };
  }

  function matchWrite(req: IncomingMessage, url: URL): Matched | undefined {
    if (!studyWrites.isWrite(req, url)) return undefined;
    return { route: 'lichess-study-write', handle: (req, url, res) => void studyWrites.handle(req, url, res) };
  }

  function serve(
    match: (req: IncomingMessage, url: URL) => Matched | undefined,
    extra?: (req: IncomingMessage, url: URL, res: ServerResponse) => boolean,
    write?: (req: IncomingMessage, url: URL) => Matched | undefined,
  ) {
    return (req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname.startsWith('/__fake/')) return control(req, url, res);
      if (extra?.(req, url, res)) return;
      const matched = req.method === 'GET' ? match(req, url) : write?.(req, url);
      if (!matched) return send(res, 404, 'text/plain', 'Not found');

      const entry: FakeRequest = {
        route: matched.route,
        url: req.url ?? '/',
        headers: req.headers,
        startedAt: Date.now(),
      };
      logs.get(matched.route)!.push(entry);
      res.on('close', () => (entry.finishedAt = Date.now()));

      const setting = modes.get(matched.route) ?? { mode: 'ok' };
      if (setting.after) {
        setting.after -= 1;
        return matched.handle(req, url, res);
      }
      if (setting.once) modes.delete(matched.route);
      switch (setting.mode) {
        case 'ok':
          return matched.handle(req, url, res);
        case 'slow': {
          const timer = setTimeout(() => {
            timers.delete(timer);
            if (!res.destroyed) matched.handle(req, url, res);
          }, setting.delayMs ?? DEFAULT_SLOW_MS);
          timers.add(timer);
          return;
        }
        case 'error500':
          return send(res, 500, 'text/plain', 'Internal Server Error');
        case 'notfound404':
          return send(res, 404, 'application/json', '{"error":"Not found"}');
        case 'rate429':
          return send(res, 429, 'application/json', '{"error":"Too many requests. Please wait a minute."}');
        case 'garbage':
          return send(res, 200, 'text/html', GARBAGE);
        case 'down':
          return req.socket.destroy();
      }
    };
  }

  const sites: Omit<FakeSites, 'lichessUrl' | 'explorerUrl' | 'chesscomUrl' | 'close' | 'oauth' | 'studyWrites'> = {
    setMode(route, mode, modeOptions = {}) {
      if (mode === 'ok' && !modeOptions.once) modes.delete(route);
      else modes.set(route, { mode, ...modeOptions });
    },
    requests: (route) => logs.get(route)!.length,
    requestLog: (route) => [...logs.get(route)!],
    reset() {
      oauth.reset();
      studyWrites.reset();
      modes.clear();
      for (const log of logs.values()) log.length = 0;
    },
  };

  function control(req: IncomingMessage, url: URL, res: ServerResponse) {
    const json = (status: number, value: unknown) => send(res, status, 'application/json', JSON.stringify(value));
    if (req.method === 'GET' && url.pathname === '/__fake/requests') {
      return json(200, Object.fromEntries(fakeRoutes.map((route) => [route, sites.requests(route)])));
    }
    if (req.method !== 'POST') return json(404, { error: 'unknown control' });
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      if (url.pathname === '/__fake/reset') {
        sites.reset();
        return json(200, { ok: true });
      }
      if (url.pathname !== '/__fake/mode') return json(404, { error: 'unknown control' });
      let input: { route?: string; mode?: string; delayMs?: number; once?: boolean; after?: number };
      try {
        input = JSON.parse(body || '{}');
      } catch {
        return json(400, { error: 'body must be JSON' });
      }
      const route = fakeRoutes.find((r) => r === input.route);
      const mode = fakeModes.find((m) => m === input.mode);
      if (!route || !mode)
        return json(400, { error: `route one of ${fakeRoutes.join(', ')}; mode one of ${fakeModes.join(', ')}` });
      sites.setMode(route, mode, { delayMs: input.delayMs, once: input.once, after: input.after });
      json(200, { ok: true });
    });
  }

  const servers = [
    createServer(serve(matchLichess, oauth.handle, matchWrite)),
    createServer(serve(matchExplorer)),
    createServer(serve(matchChesscom)),
  ];
  const ports = [options.lichessPort, options.explorerPort, options.chesscomPort];
  try {
    await Promise.all(servers.map((server, i) => listen(server, ports[i] ?? 0)));
  } catch (error) {
    await Promise.all(servers.map(closeServer));
    throw error;
  }
  const [lichessUrl, explorerUrl, chesscomUrl] = servers.map(
    (server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  );

  return {
    ...sites,
    oauth,
    studyWrites,
    lichessUrl,
    explorerUrl,
    chesscomUrl,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(servers.map(closeServer));
    },
  };
}

/** A User-Agent other than a bare HTTP library default. */
function namesItself(headers: IncomingHttpHeaders): boolean {
  const agent = headers['user-agent']?.trim() ?? '';
  return agent !== '' && !/^(node|undici|node-fetch)\b/i.test(agent);
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function closeServer(server: Server): Promise<void> {
  if (!server.listening) return Promise.resolve();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return closed;
}
