import { createHttpQueue, type HttpQueue } from './http-queue.js';
import { siteErr, siteOk, silentLogger, type SiteLogger, type SiteResult } from './site-error.js';
import { looksLikePgn, splitPgn } from '../../chess/pgn.js';

/**
 * Lichess API client: a user's recent games, a user's studies and a study's PGN. Games fall back to
 * an empty list; studies give a failure result the route turns into a message.
 *
 *   const lichess = createLichessClient({ baseUrl: 'https://lichess.org', token });
 *   const games = await lichess.fetchUserGames('thibault'); // ['[Event "..."] ...', ...]
 */

export const LICHESS_GAMES_MAX = 80;

export interface LichessClientOptions {
  baseUrl: string;
  /** The player's token or LICHESS_TOKEN; sent as a bearer header on every call (private studies, the player's own limits), never logged. */
  token?: string;
  timeoutMs?: number;
  logger?: SiteLogger;
  queue?: HttpQueue;
}

export interface StudySummary {
  id: string;
  name: string;
}

export interface LichessClient {
  /** PGN text of each of the user's newest games, newest first; [] when the site fails. */
  fetchUserGames(username: string, max?: number): Promise<string[]>;
  /** The same, saying why when the site fails (a 404: Lichess has no such player). */
  fetchUserGamesResult?(username: string, max?: number): Promise<SiteResult<string[]>>;
  listStudies(username: string): Promise<SiteResult<StudySummary[]>>;
  /** Whether Lichess knows the account: 'missing' on its 404, 'unknown' when the site fails. */
  findUser?(username: string): Promise<'found' | 'missing' | 'unknown'>;
  /** The whole study as PGN, chapters separated by blank lines; '' when the body is empty. */
  fetchStudyPgn(studyId: string): Promise<SiteResult<string>>;
  /** Lichess's cloud evaluation of a position: 'none' on its 404, 'failed' (logged) when it does not answer well. */
  fetchCloudEval?(fen: string, multiPv: number): Promise<CloudEvalResult>;
}

/** A cloud evaluation as Lichess sends it: White's side, moves in UCI separated by spaces. */
export interface CloudEvalBody {
  depth: number;
  pvs: ({ cp: number; moves: string } | { mate: number; moves: string })[];
}

export type CloudEvalResult = { kind: 'found'; value: CloudEvalBody } | { kind: 'none' } | { kind: 'failed' };

export function createLichessClient(options: LichessClientOptions): LichessClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const logger = options.logger ?? silentLogger;
  const queue = options.queue ?? createHttpQueue({ logger });
  const { token, timeoutMs } = options;
  // Every call carries the token when there is one: Lichess counts a player's calls against their
  // own limits, not the anonymous ones it tightens.
  const withToken = (headers: Record<string, string>): Record<string, string> =>
    token ? { ...headers, Authorization: `Bearer ${token}` } : headers;

  async function fetchGames(username: string, max = LICHESS_GAMES_MAX): Promise<SiteResult<string[]>> {
    const user = username.trim();
    if (!user) return siteOk([]);
    const query = new URLSearchParams({
      max: String(max),
      clocks: 'false',
      evals: 'false',
      opening: 'true',
    });
    const url = `${base}/api/games/user/${encodeURIComponent(user)}?${query}`;
    const result = await queue.get(url, { headers: withToken({ Accept: 'application/x-chess-pgn' }), timeoutMs });
    if (result.isErr) {
      logger.warn(
        { site: 'lichess', username: user, kind: result.error.kind, err: result.error.message },
        'Lichess games export failed; no games',
      );
      return siteErr(result.error.kind, result.error.message, result.error.status);
    }
    const text = result.value.text;
    if (text.trim() === '') return siteOk([]);
    if (!looksLikePgn(text)) {
      logger.warn({ site: 'lichess', username: user, kind: 'bad-pgn' }, 'Lichess games export is not PGN; no games');
      return siteErr('bad-pgn', 'Lichess answered the games export with something that is not PGN');
    }
    // Each game as the site wrote it, without the newline splitPgn ends a game with.
    return siteOk(splitPgn(text).map((game) => game.trimEnd()));
  }

  return {
    async fetchUserGames(username, max = LICHESS_GAMES_MAX) {
      const result = await fetchGames(username, max);
      return result.isOk ? result.value : [];
    },

    fetchUserGamesResult: fetchGames,

    async findUser(username) {
      const user = username.trim();
      if (!user) return 'missing';
      const result = await queue.get(`${base}/api/user/${encodeURIComponent(user)}`, {
        headers: withToken({ Accept: 'application/json' }),
        timeoutMs,
      });
      if (result.isOk) return 'found';
      return result.error.kind === 'http' && result.error.status === 404 ? 'missing' : 'unknown';
    },

    async listStudies(username) {
      const user = username.trim();
      if (!user) return siteErr('bad-input', 'username required');
      const url = `${base}/api/study/by/${encodeURIComponent(user)}`;
      const headers = withToken({ Accept: 'application/x-ndjson' });
      const result = await queue.get(url, { headers, timeoutMs });
      if (result.isErr) {
        logger.warn(
          { site: 'lichess', username: user, kind: result.error.kind, err: result.error.message },
          'Lichess study list failed',
        );
        return siteErr(result.error.kind, result.error.message, result.error.status);
      }
      const studies = parseStudyList(result.value.text);
      if (!studies) {
        logger.warn({ site: 'lichess', username: user, kind: 'bad-json' }, 'Lichess study list is not NDJSON');
        return siteErr('bad-json', 'Lichess answered the study list with something that is not a list of studies');
      }
      return siteOk(studies);
    },

    async fetchStudyPgn(studyId) {
      const id = studyId.trim();
      if (!/^[A-Za-z0-9]{8}$/.test(id)) return siteErr('bad-input', `not a Lichess study id: ${studyId}`);
      const headers = withToken({ Accept: 'application/x-chess-pgn' });
      const result = await queue.get(`${base}/api/study/${id}.pgn`, { headers, timeoutMs });
      if (result.isErr) {
        logger.warn(
          { site: 'lichess', studyId: id, kind: result.error.kind, err: result.error.message },
          'Lichess study PGN failed',
        );
        return siteErr(result.error.kind, result.error.message, result.error.status);
      }
      const text = result.value.text;
      if (text.trim() !== '' && !looksLikePgn(text)) {
        logger.warn({ site: 'lichess', studyId: id, kind: 'bad-pgn' }, 'Lichess study PGN is not PGN');
        return siteErr('bad-pgn', 'Lichess answered the study request with something that is not PGN');
      }
      return siteOk(text);
    },

    async fetchCloudEval(fen, multiPv) {
      const query = new URLSearchParams({ fen, multiPv: String(multiPv) });
      const result = await queue.get(`${base}/api/cloud-eval?${query}`, {
        headers: withToken({ Accept: 'application/json' }),
        timeoutMs,
      });
      if (result.isErr) {
        if (result.error.kind === 'http' && result.error.status === 404) return { kind: 'none' };
        logger.warn(
          { site: 'lichess', fen, kind: result.error.kind, err: result.error.message },
          'Lichess cloud eval failed; no evaluation',
        );
        return { kind: 'failed' };
      }
      const value = parseCloudEval(result.value.text);
      if (!value) {
        logger.warn({ site: 'lichess', fen, kind: 'bad-json' }, 'Lichess cloud eval is not an evaluation');
        return { kind: 'failed' };
      }
      return { kind: 'found', value };
    },
  };
}

/** `{depth, pvs:[{cp|mate, moves}]}` out of Lichess's answer (which carries more); undefined when it is none. */
function parseCloudEval(text: string): CloudEvalBody | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { depth, pvs } = value as Record<string, unknown>;
  if (typeof depth !== 'number' || !Array.isArray(pvs)) return undefined;
  const lines: CloudEvalBody['pvs'] = [];
  for (const pv of pvs as unknown[]) {
    if (typeof pv !== 'object' || pv === null) return undefined;
    const { cp, mate, moves } = pv as Record<string, unknown>;
    if (typeof moves !== 'string') return undefined;
    if (typeof cp === 'number') lines.push({ cp, moves });
    else if (typeof mate === 'number') lines.push({ mate, moves });
    else return undefined;
  }
  return { depth, pvs: lines };
}

/** One `{id, name, ...}` JSON object per line; undefined when any line is not one. */
function parseStudyList(text: string): StudySummary[] | undefined {
  const studies: StudySummary[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return undefined;
    }
    if (typeof value !== 'object' || value === null) return undefined;
    const { id, name } = value as Record<string, unknown>;
    if (typeof id !== 'string' || typeof name !== 'string') return undefined;
    studies.push({ id, name });
  }
  return studies;
}
