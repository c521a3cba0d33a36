import { createHttpQueue, type HttpQueue } from './http-queue.js';
import { siteErr, siteOk, silentLogger, type SiteError, type SiteLogger, type SiteResult } from './site-error.js';

/**
 * Chess.com published-data client: a player's games of the current and the previous month (UTC).
 * A month that fails or answers badly is skipped with a log line.
 *
 *   const chesscom = createChessComClient({ baseUrl: 'https://api.chess.com' });
 *   const pgns = await chesscom.fetchRecentGames('fabianocaruana', new Date()); // newest first
 */

export const CHESSCOM_MONTHS = 2;

export interface ChessComClientOptions {
  baseUrl: string;
  timeoutMs?: number;
  logger?: SiteLogger;
  queue?: HttpQueue;
}

export interface ChessComClient {
  /** PGN text of the player's games in the month of `now` and the month before, newest first. */
  fetchRecentGames(username: string, now: Date): Promise<string[]>;
  /**
   * The player's games of the month of `now` and the `months - 1` before it, newest first. Months that
   * fail are skipped; an error only when every month failed (a 404: Chess.com has no such player).
   */
  fetchMonthsResult(
    username: string,
    now: Date,
    months: number,
    onMonth?: (done: number, total: number) => void,
  ): Promise<SiteResult<string[]>>;
}

interface ArchiveGame {
  pgn: string;
  endTime: number;
}

export function createChessComClient(options: ChessComClientOptions): ChessComClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const logger = options.logger ?? silentLogger;
  const queue = options.queue ?? createHttpQueue({ logger });

  async function fetchMonth(user: string, month: string): Promise<ArchiveGame[]> {
    const result = await fetchMonthResult(user, month);
    return result.isOk ? result.value : [];
  }

  async function fetchMonthResult(user: string, month: string): Promise<SiteResult<ArchiveGame[]>> {
    const url = `${base}/pub/player/${encodeURIComponent(user)}/games/${month}`;
    const result = await queue.get(url, { headers: { Accept: 'application/json' }, timeoutMs: options.timeoutMs });
    if (result.isErr) {
      logger.warn(
        { site: 'chesscom', username: user, month, kind: result.error.kind, err: result.error.message },
        'Chess.com month skipped',
      );
      return siteErr(result.error.kind, result.error.message, result.error.status);
    }
    const games = parseArchive(result.value.text);
    if (!games) {
      logger.warn(
        { site: 'chesscom', username: user, month, kind: 'bad-json' },
        'Chess.com month is not a games archive; skipped',
      );
      return siteErr('bad-json', 'Chess.com answered with something that is not a games archive');
    }
    return siteOk(games);
  }

  return {
    async fetchRecentGames(username, now) {
      // Chess.com usernames are case-insensitive; the API documents them in lower case.
      const user = username.trim().toLowerCase();
      if (!user) return [];
      const games: ArchiveGame[] = [];
      // Archives list games oldest first: reverse each month, then a stable sort by end time (games
      // without one go last).
      for (const month of recentMonths(now, CHESSCOM_MONTHS)) games.push(...(await fetchMonth(user, month)).reverse());
      return games.sort((a, b) => b.endTime - a.endTime).map((game) => game.pgn);
    },

    async fetchMonthsResult(username, now, months, onMonth) {
      const user = username.trim().toLowerCase();
      if (!user) return siteOk([]);
      const games: ArchiveGame[] = [];
      const list = recentMonths(now, months);
      let failure: SiteError | undefined;
      let answered = 0;
      for (const [index, month] of list.entries()) {
        const result = await fetchMonthResult(user, month);
        if (result.isOk) {
          answered++;
          games.push(...result.value.reverse());
        } else failure = result.error;
        onMonth?.(index + 1, list.length);
      }
      if (answered === 0 && failure) return siteErr(failure.kind, failure.message, failure.status);
      return siteOk(games.sort((a, b) => b.endTime - a.endTime).map((game) => game.pgn));
    },
  };
}

/** 'YYYY/MM' of the month of `now` (UTC) and the `count - 1` months before it, newest first. */
export function recentMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let back = 0; back < count; back++) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

/** `{"games":[{pgn, end_time, ...}]}`; undefined when the body is not that shape. */
function parseArchive(text: string): ArchiveGame[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const list = (value as { games?: unknown }).games;
  if (!Array.isArray(list)) return undefined;
  const games: ArchiveGame[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const { pgn, end_time: endTime } = item as Record<string, unknown>;
    // Games without PGN (rare daily-game oddities) cannot be reviewed; leave them out.
    if (typeof pgn !== 'string' || pgn.trim() === '') continue;
    games.push({ pgn, endTime: typeof endTime === 'number' ? endTime : 0 });
  }
  return games;
}
