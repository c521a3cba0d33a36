import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { repertoireApi, type ExplorerAnswer, type ExplorerDb, type ExplorerQuery } from '@contract/repertoire.js';
import {
  gamesOf,
  ownPositionFigures,
  positionKey,
  scoreFor,
  suggestedAnswer,
  validateFen,
  type Color,
  type SuggestedAnswer,
} from '../../chess/index.js';
import { lookAhead, positionsAhead } from '../openings/explorer-ahead.js';
import { fetchStats } from '../openings/explorer-cache.js';
import { openingOfFen, openingOfLineText } from '../openings/opening-names.js';
import { ownGamesExplorer } from '../openings/own-games.js';
import { readCachedStatsWithAge, type StatsMove, type StatsRecord } from '../openings/position-stats-repository.js';
import { explorerFen, MASTERS_FILTER, parseStatsFilter, type StatsFilter } from '../openings/stats-key.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { editedRepertoire } from '../repertoire/edited-repertoire.js';
import { waitingMessage } from '../sites/http-queue.js';
import { MAX_WAITING_EXPLORER_CALLS, playerSites } from '../sites/player-sites.js';
import { route } from './route.js';

/**
 * Explorer figures for the repertoire workshop at one position, from one of three databases: the
 * Lichess database at the player's speeds and bands, the masters database (both through the shared
 * cache: GET reads it, null when never looked up; POST looks the position up with the player's token
 * through the same queue as the coverage check) and the player's own games (always answered). Moves
 * carry the player's score and whether the edited repertoire has them; with the player to move, the
 * suggested answer is the best-scoring move played often enough. Every answer names the opening.
 */

interface Target {
  color: Color;
  key: string;
  fen: string;
  db: ExplorerDb;
  filter: StatsFilter;
  line: string | undefined;
}

function targetOf(query: ExplorerQuery): Target {
  const full = explorerFen(query.fen.trim());
  const valid = validateFen(full);
  if (valid.isErr) throw new BadRequestError(`fen: ${valid.error.message}`);
  const legal = parseFen(full).chain((setup) => Chess.fromSetup(setup));
  if (legal.isErr) throw new BadRequestError(`fen: not a legal position (${legal.error.message})`);
  const parsed = parseStatsFilter(query.speeds, query.ratings);
  if (!parsed.ok) throw new BadRequestError(parsed.error);
  const filter = query.db === 'masters' ? MASTERS_FILTER : parsed.filter;
  return { color: query.color, key: positionKey(full), fen: full, db: query.db, filter, line: query.line };
}

interface Figures extends Pick<StatsRecord, 'white' | 'draws' | 'black'> {
  moves: (StatsMove & { lastPlayed?: string | null })[];
}

async function answerOf(
  app: FastifyInstance,
  userId: number,
  target: Target,
  record: Figures,
  fetchedAt: Date,
  lastPlayed?: string | null,
): Promise<ExplorerAnswer> {
  const rep = await editedRepertoire(app, userId, target.color);
  const have = new Set(rep?.positions.get(target.key)?.moves.map((m) => m.uci));
  const total = Math.max(1, gamesOf(record));
  const playerToMove = target.fen.split(' ')[1] === (target.color === 'white' ? 'w' : 'b');
  const mine = target.db === 'mine';
  return {
    fen: target.fen,
    speeds: mine ? '' : target.filter.speeds,
    ratings: mine ? '' : target.filter.ratings,
    white: record.white,
    draws: record.draws,
    black: record.black,
    moves: [...record.moves]
      .sort((a, b) => gamesOf(b) - gamesOf(a))
      .map((m) => ({
        san: m.san,
        uci: m.uci,
        white: m.white,
        draws: m.draws,
        black: m.black,
        games: gamesOf(m),
        share: gamesOf(m) / total,
        score: scoreFor(m, target.color),
        in_repertoire: have.has(m.uci),
        ...(mine ? { last_played: m.lastPlayed ?? null } : {}),
      })),
    // The player's own few games suggest nothing.
    suggested:
      playerToMove && !mine ? suggestedOnWire(suggestedAnswer({ ...record, moves: record.moves }, target.color)) : null,
    fetched_at: fetchedAt.toISOString(),
    db: target.db,
    opening: openingOfFen(app, target.fen, target.line),
    ...(mine ? { last_played: lastPlayed ?? null } : {}),
  };
}

/** The suggested answer under the wire's names. */
const suggestedOnWire = (answer: SuggestedAnswer | null) =>
  answer && { san: answer.san, uci: answer.uci, score: answer.score, score_low: answer.scoreLow, games: answer.games };

/** db=mine: the player's games with the colour at the position (zero games when none reached it). */
async function mineAnswer(app: FastifyInstance, userId: number, target: Target): Promise<ExplorerAnswer> {
  const explorer = await ownGamesExplorer(app, userId, target.color);
  const figures = ownPositionFigures(explorer, target.key);
  const record: Figures = figures ?? { white: 0, draws: 0, black: 0, moves: [] };
  return answerOf(app, userId, target, record, new Date(), figures?.lastPlayed ?? null);
}

export async function repertoireExplorerRoutes(app: FastifyInstance): Promise<void> {
  const auth = { onRequest: app.requireUser };

  route(app, repertoireApi.explorer, auth, async (request) => {
    const target = targetOf(request.query);
    const userId = request.user!.id;
    if (target.db === 'mine') return { api_data: await mineAnswer(app, userId, target) };
    const cached = (await readCachedStatsWithAge(app.db, [target.key], target.filter)).get(target.key);
    if (!cached) return { api_data: null };
    return { api_data: await answerOf(app, userId, target, cached.record, cached.fetchedAt) };
  });

  route(app, repertoireApi.explorerLookUp, auth, async (request, reply) => {
    const target = targetOf(request.body);
    const userId = request.user!.id;
    if (target.db === 'mine') return { api_data: await mineAnswer(app, userId, target) };
    // One running and MAX_WAITING_EXPLORER_CALLS waiting, as the site's queue allows: a flood's
    // look-ups past them are refused before any query, so thirty at once cost the server next to
    // nothing (each had read the connection and the cache first, 60-100 ms of the loop in all).
    const underWay = app.openingsMemory.lookUpsUnderWay;
    const mine = underWay.get(userId) ?? 0;
    if (mine > MAX_WAITING_EXPLORER_CALLS)
      return reply
        .code(429)
        .send({ error: waitingMessage(new URL(app.config.lichessExplorerUrl).host, MAX_WAITING_EXPLORER_CALLS) });
    underWay.set(userId, mine + 1);
    try {
      return await lookUp(userId, target, reply);
    } finally {
      const left = (underWay.get(userId) ?? 1) - 1;
      if (left > 0) underWay.set(userId, left);
      else underWay.delete(userId);
    }
  });

  async function lookUp(userId: number, target: Target, reply: FastifyReply) {
    const { explorer } = await playerSites(app, userId);
    if (!explorer.hasToken)
      return reply.code(409).send({ error: 'Connect your Lichess account on Manage Openings to look positions up' });
    const outcome = await fetchStats(app, explorer, target.key, target.filter);
    if (!outcome.ok && outcome.busy) return reply.code(429).send({ error: outcome.error });
    if (!outcome.ok) return reply.code(502).send({ error: `The Lichess explorer did not answer: ${outcome.error}` });
    const stored = (await readCachedStatsWithAge(app.db, [target.key], target.filter)).get(target.key);
    return { api_data: await answerOf(app, userId, target, outcome.record, stored?.fetchedAt ?? new Date()) };
  }

  route(app, repertoireApi.explorerAhead, auth, async (request) => {
    const target = targetOf(request.body);
    const userId = request.user!.id;
    if (target.db === 'mine') return { api_data: { queued: 0 } };
    const { explorer } = await playerSites(app, userId);
    if (!explorer.hasToken) return { api_data: { queued: 0 } };
    const cached = (await readCachedStatsWithAge(app.db, [target.key], target.filter)).get(target.key);
    if (!cached) return { api_data: { queued: 0 } };
    const rep = await editedRepertoire(app, userId, target.color);
    const own = rep?.positions.get(target.key)?.moves.map((m) => m.uci) ?? [];
    const keys = positionsAhead(target.fen, cached.record, own);
    return { api_data: { queued: await lookAhead(app, userId, explorer, target.filter, keys) } };
  });

  route(app, repertoireApi.openings, auth, async (request) => ({
    api_data: request.body.lines.map((line) => openingOfLineText(line)),
  }));
}
