import type { FastifyInstance } from 'fastify';
import { positionKey, suggestedAnswer, type Color } from '../../chess/index.js';
import type { Suggestion } from '../../contract/opponent-prep.js';
import { fetchStats } from '../openings/explorer-cache.js';
import { parseStatsFilter } from '../openings/stats-key.js';
import { playerSites } from '../sites/player-sites.js';

/**
 * The explorer's best-scoring reply at a position (after an opponent's surprise), at the default speeds
 * and ratings, through the shared explorer cache; null when the explorer has no token, fails, or no move
 * there is played often enough.
 */
export async function prepSuggestion(
  app: FastifyInstance,
  userId: number,
  color: Color,
  fen: string,
): Promise<Suggestion> {
  const { explorer } = await playerSites(app, userId);
  if (!explorer.hasToken) return null;
  const parsed = parseStatsFilter(undefined, undefined);
  if (!parsed.ok) return null;
  const outcome = await fetchStats(app.db, explorer, positionKey(fen), parsed.filter);
  if (!outcome.ok) return null;
  return suggestedAnswer(outcome.record, color);
}
