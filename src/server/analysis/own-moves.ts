import type { FastifyInstance } from 'fastify';
import { positionReach, type Color } from '../../chess/index.js';
import type { OwnMove } from '@contract/engine.js';
import { deckSource, readDrillStudy } from '../drill/drill-source.js';
import { latestRun } from '../openings/coverage-runs-repository.js';
import { readCachedStats } from '../openings/position-stats-repository.js';
import { parseStatsFilter } from '../openings/stats-key.js';

/**
 * The player's own repertoire moves of a colour with the reach of the position they are played in,
 * likeliest first, for the browser's engine to check. Opponent shares come from the explorer answers
 * already cached at the filters of the player's latest coverage check (the defaults without one).
 */
export async function ownRepertoireMoves(
  app: FastifyInstance,
  userId: number,
  color: Color,
  limit: number,
): Promise<OwnMove[] | undefined> {
  const study = await readDrillStudy(app, userId, color);
  if (!study) return undefined;
  // The deck of the edited repertoire: the player's own moves with a shortest line to each.
  const source = await deckSource(app, userId, study, color);
  const { rep } = source;
  const run = await latestRun(app.db, userId, color);
  const parsed = parseStatsFilter(run?.speeds, run?.ratings);
  const filter = parsed.ok ? parsed.filter : { speeds: '', ratings: '' };
  const opponentKeys = [...rep.positions.values()].filter((p) => p.turn !== color).map((p) => p.key);
  const stats = await readCachedStats(app.db, opponentKeys, filter);
  const shares = new Map<string, Map<string, number>>();
  for (const [key, record] of stats) {
    // Shares of the games counted, never over 1 (a player's uploaded figures may count more games in moves).
    const played = record.moves.reduce((n, m) => n + m.white + m.draws + m.black, 0);
    const total = Math.max(record.white + record.draws + record.black, played);
    shares.set(key, new Map(record.moves.map((m) => [m.uci, total ? (m.white + m.draws + m.black) / total : 0])));
  }
  const reach = positionReach(rep, (key, uci) => {
    const known = shares.get(key);
    return known ? (known.get(uci) ?? 0) : undefined;
  });
  const moves: (OwnMove & { moveNumber: number })[] = [];
  for (const item of source.deck) {
    const itemReach = reach.get(item.key) ?? 0;
    for (const answer of item.answers) {
      moves.push({
        fen: item.fen,
        line: item.line,
        uci: answer.uci,
        san: answer.san,
        reach: itemReach,
        moveNumber: item.moveNumber,
      });
    }
  }
  moves.sort((a, b) => b.reach - a.reach || a.moveNumber - b.moveNumber);
  return moves.slice(0, limit).map(({ moveNumber: _, ...move }) => move);
}
