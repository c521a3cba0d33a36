import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { explorerQuery, type ExplorerAnswer, type ExplorerQuery } from '@contract/repertoire.js';
import { gamesOf, positionKey, scoreFor, suggestedAnswer, validateFen, type Color } from '../../chess/index.js';
import { fetchStats } from '../openings/explorer-cache.js';
import { readCachedStatsWithAge, type StatsRecord } from '../openings/position-stats-repository.js';
import { explorerFen, parseStatsFilter, type StatsFilter } from '../openings/stats-key.js';
import { BadRequestError } from '../plugins/error-handler.js';
import { editedRepertoire } from '../repertoire/edited-repertoire.js';
import { playerSites } from '../sites/player-sites.js';

/**
 * Explorer figures for the repertoire workshop, at one position and the player's speeds and bands:
 * GET reads the shared explorer cache (null when never looked up), POST looks the position up with the
 * player's token through the same queue as the coverage check (one call at a time) and stores it.
 * Moves carry the player's score and whether the edited repertoire has them; with the player to move,
 * the suggested answer is the best-scoring move played often enough.
 */

interface Target {
  color: Color;
  key: string;
  fen: string;
  filter: StatsFilter;
}

function targetOf(query: ExplorerQuery): Target {
  const full = explorerFen(query.fen.trim());
  const valid = validateFen(full);
  if (valid.isErr) throw new BadRequestError(`fen: ${valid.error.message}`);
  const legal = parseFen(full).chain((setup) => Chess.fromSetup(setup));
  if (legal.isErr) throw new BadRequestError(`fen: not a legal position (${legal.error.message})`);
  const filter = parseStatsFilter(query.speeds, query.ratings);
  if (!filter.ok) throw new BadRequestError(filter.error);
  return { color: query.color, key: positionKey(full), fen: full, filter: filter.filter };
}

async function answerOf(
  app: FastifyInstance,
  userId: number,
  target: Target,
  record: StatsRecord,
  fetchedAt: Date,
): Promise<ExplorerAnswer> {
  const rep = await editedRepertoire(app, userId, target.color);
  const have = new Set(rep?.positions.get(target.key)?.moves.map((m) => m.uci));
  const total = Math.max(1, gamesOf(record));
  const playerToMove = target.fen.split(' ')[1] === (target.color === 'white' ? 'w' : 'b');
  return {
    fen: target.fen,
    speeds: record.speeds,
    ratings: record.ratings,
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
      })),
    suggested: playerToMove ? suggestedAnswer(record, target.color) : null,
    fetched_at: fetchedAt.toISOString(),
  };
}

export async function repertoireExplorerRoutes(app: FastifyInstance): Promise<void> {
  const auth = { onRequest: app.requireUser };
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/repertoire/explorer', { ...auth, schema: { querystring: explorerQuery } }, async (request) => {
    const target = targetOf(request.query);
    const cached = (await readCachedStatsWithAge(app.db, [target.key], target.filter)).get(target.key);
    if (!cached) return { api_data: null };
    return { api_data: await answerOf(app, request.user!.id, target, cached.record, cached.fetchedAt) };
  });

  routes.post('/repertoire/explorer', { ...auth, schema: { body: explorerQuery } }, async (request, reply) => {
    const target = targetOf(request.body);
    const userId = request.user!.id;
    const { explorer } = await playerSites(app, userId);
    if (!explorer.hasToken)
      return reply.code(409).send({ error: 'Connect your Lichess account on Manage Openings to look positions up' });
    const outcome = await fetchStats(app.db, explorer, target.key, target.filter);
    if (!outcome.ok) return reply.code(502).send({ error: `The Lichess explorer did not answer: ${outcome.error}` });
    const stored = (await readCachedStatsWithAge(app.db, [target.key], target.filter)).get(target.key);
    return { api_data: await answerOf(app, userId, target, outcome.record, stored?.fetchedAt ?? new Date()) };
  });
}
