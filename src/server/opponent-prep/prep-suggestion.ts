import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { positionKey, suggestedAnswer, type Color } from '../../chess/index.js';
import type { SentSuggestion } from '@contract/opponent-prep.js';
import { coverageRuns } from '../db/schema.js';
import { fetchStats } from '../openings/explorer-cache.js';
import { parseStatsFilter } from '../openings/stats-key.js';
import { playerSites } from '../sites/player-sites.js';

/**
 * The explorer's best-scoring reply at a position (after an opponent's surprise), at the player's speeds
 * and rating bands (those of their latest coverage check of the colour, else the defaults), through the
 * shared explorer cache; null when the explorer has no token, fails, or no move is played often enough.
 */
export async function prepSuggestion(
  app: FastifyInstance,
  userId: number,
  color: Color,
  fen: string,
): Promise<SentSuggestion> {
  const { explorer } = await playerSites(app, userId);
  if (!explorer.hasToken) return null;
  const [run] = await app.db
    .select({ speeds: coverageRuns.speeds, ratings: coverageRuns.ratings })
    .from(coverageRuns)
    .where(and(eq(coverageRuns.userId, userId), eq(coverageRuns.color, color)))
    .orderBy(desc(coverageRuns.startedAt))
    .limit(1);
  const parsed = parseStatsFilter(run?.speeds, run?.ratings);
  const filter = parsed.ok ? parsed.filter : undefined;
  if (!filter) return null;
  const outcome = await fetchStats(app, explorer, positionKey(fen), filter);
  if (!outcome.ok) return null;
  const answer = suggestedAnswer(outcome.record, color);
  return (
    answer && { san: answer.san, uci: answer.uci, score: answer.score, score_low: answer.scoreLow, games: answer.games }
  );
}
