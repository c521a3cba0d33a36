import { z } from 'zod';
import { createHttpQueue, type HttpQueue } from './http-queue.js';
import { siteErr, siteOk, silentLogger, type SiteLogger, type SiteResult } from './site-error.js';

/**
 * Lichess opening explorer client: game counts and moves played from one position in Lichess games
 * of the given speeds and rating bands. The explorer refuses calls without a token (since 2026), so
 * without LICHESS_TOKEN nothing is called and the failure says so. No caching here.
 *
 *   const explorer = createExplorerClient({ baseUrl: 'https://explorer.lichess.org', token });
 *   const r = await explorer.fetchPosition(fen, ['blitz', 'rapid'], [2000, 2200]);
 *   if (r.isOk) r.value.moves[0].san; // 'e4'
 *   await explorer.fetchMasters(fen); // the masters database (over-the-board games of strong players)
 */

const explorerMoveSchema = z.object({
  uci: z.string(),
  san: z.string(),
  averageRating: z.number().optional(),
  white: z.number(),
  draws: z.number(),
  black: z.number(),
});

const explorerOpeningSchema = z.object({ eco: z.string(), name: z.string() }).nullable().optional();

const explorerPositionSchema = z.object({
  white: z.number(),
  draws: z.number(),
  black: z.number(),
  moves: z.array(explorerMoveSchema),
  opening: explorerOpeningSchema,
});

export type ExplorerMove = z.infer<typeof explorerMoveSchema>;
export type ExplorerPosition = z.infer<typeof explorerPositionSchema>;

/** Neither the player's own token (Connect Lichess) nor the server's LICHESS_TOKEN: nothing is called. */
export const NO_TOKEN_MESSAGE = 'Connect your Lichess account on Manage Openings to run a coverage check';

export interface ExplorerClientOptions {
  baseUrl: string;
  /** The player's token or LICHESS_TOKEN; sent as a bearer header, never logged. */
  token?: string;
  /** Added to a 401 failure's message: whose token was refused. */
  refusedTokenNote?: string;
  timeoutMs?: number;
  logger?: SiteLogger;
  queue?: HttpQueue;
  /** How many times a 429 is waited out (the queue pauses the host) and the call repeated. */
  retriesAfter429?: number;
}

export interface ExplorerClient {
  readonly hasToken: boolean;
  /** Epoch ms until which this client's token rests after a 429 (its calls wait); 0 when not resting. */
  busyUntil(): number;
  /** Speeds like 'blitz'; ratings are band floors like 2000. */
  fetchPosition(
    fen: string,
    speeds: readonly string[],
    ratings: readonly (number | string)[],
  ): Promise<SiteResult<ExplorerPosition>>;
  /** The masters database at one position (same token, same queue). */
  fetchMasters(fen: string): Promise<SiteResult<ExplorerPosition>>;
}

export function createExplorerClient(options: ExplorerClientOptions): ExplorerClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const logger = options.logger ?? silentLogger;
  const queue = options.queue ?? createHttpQueue({ logger });
  const token = options.token?.trim() || undefined;
  const retries = options.retriesAfter429 ?? 1;

  return {
    hasToken: token !== undefined,
    busyUntil: () => queue.pausedUntil(base, token),
    fetchPosition(fen, speeds, ratings) {
      const filters = [
        'variant=standard',
        `speeds=${speeds.map(encodeURIComponent).join(',')}`,
        `ratings=${ratings.map((r) => encodeURIComponent(String(r))).join(',')}`,
      ];
      return call('lichess', filters, fen);
    },
    fetchMasters(fen) {
      return call('masters', [], fen);
    },
  };

  async function call(database: string, filters: string[], fen: string): Promise<SiteResult<ExplorerPosition>> {
    if (!token) return siteErr('no-token', NO_TOKEN_MESSAGE);
    if (fen.trim() === '') return siteErr('bad-input', 'FEN required');
    const query = [...filters, `fen=${encodeURIComponent(fen.trim())}`].join('&');
    const url = `${base}/${database}?${query}`;
    const request = {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
      timeoutMs: options.timeoutMs,
    };
    let result = await queue.get(url, request);
    for (let attempt = 0; attempt < retries && result.isErr && result.error.status === 429; attempt++) {
      result = await queue.get(url, request);
    }
    if (result.isErr) {
      logger.warn(
        {
          site: 'explorer',
          database,
          fen,
          kind: result.error.kind,
          status: result.error.status,
          err: result.error.message,
        },
        'explorer call failed',
      );
      const message =
        result.error.status === 401
          ? `${result.error.message}: ${options.refusedTokenNote ?? 'LICHESS_TOKEN was refused'}`
          : result.error.message;
      return siteErr(result.error.kind, message, result.error.status);
    }
    let json: unknown;
    try {
      json = JSON.parse(result.value.text);
    } catch {
      json = undefined;
    }
    const parsed = explorerPositionSchema.safeParse(json);
    if (!parsed.success) {
      logger.warn({ site: 'explorer', database, fen, kind: 'bad-json' }, 'explorer answer is not position statistics');
      return siteErr('bad-json', 'The opening explorer answered with something that is not position statistics');
    }
    return siteOk(parsed.data);
  }
}
