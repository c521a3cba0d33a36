import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { positionKey, walkDrillLine, type Color, type Repertoire, type RepertoirePosition } from '../../chess/index.js';
import { coverageRuns } from '../db/schema.js';
import { readCachedStats } from '../openings/explorer-cache.js';
import { parseStatsFilter, type StatsFilter } from '../openings/stats-key.js';
import type { DrillLine } from '@contract/drill.js';
import { toItemPayload } from './drill-item-payload.js';
import { nextItems } from './drill-queue.js';

/**
 * Line mode: the next stretch of a repertoire line, from the start (or a given position) to the next
 * item to ask. Opponent replies are weighted by the cached explorer answers at the speeds and ratings
 * of the player's latest coverage check of that colour (study order before their first); no explorer call is made.
 */

/** Items asked in line mode: everything next would serve today. */
const ASK_LIMIT = 100_000;

export async function drillLine(
  app: FastifyInstance,
  userId: number,
  color: Color,
  rep: Repertoire,
  fromFen: string | undefined,
  now: Date,
): Promise<DrillLine> {
  const served = await nextItems(app, userId, color, ASK_LIMIT, now);
  const byKey = new Map(served.map((row) => [row.positionKey, row]));
  const shares = await explorerShares(app, userId, color, rep);
  const fromKey = fromFen ? positionKey(fromFen) : undefined;
  const segment = walkDrillLine(rep, fromKey, { ask: new Set(byKey.keys()), shares, random: Math.random });
  const start = rep.positions.get(segment.startKey);
  const askRow = segment.askKey ? byKey.get(segment.askKey) : undefined;
  return {
    start_fen: fromFen ?? start?.fen ?? '',
    moves: segment.moves,
    ask: askRow ? toItemPayload(askRow) : null,
  };
}

/** Opponent-to-move positions where the repertoire has a choice, found once per repertoire. */
const choicesOf = new WeakMap<Repertoire, RepertoirePosition[]>();

/** Cached explorer games per move, at opponent-to-move positions where the repertoire has a choice. */
async function explorerShares(
  app: FastifyInstance,
  userId: number,
  color: Color,
  rep: Repertoire,
): Promise<Map<string, Map<string, number>>> {
  let choices = choicesOf.get(rep);
  if (!choices) {
    choices = [...rep.positions.values()].filter((p) => p.turn !== rep.color && p.moves.length > 1);
    choicesOf.set(rep, choices);
  }
  const shares = new Map<string, Map<string, number>>();
  if (choices.length === 0) return shares;
  const filter = await playerFilter(app, userId, color);
  if (!filter) return shares;
  const stats = await readCachedStats(
    app.db,
    choices.map((p) => p.key),
    filter,
  );
  for (const position of choices) {
    const record = stats.get(position.key);
    if (!record) continue;
    // Matched by SAN too: the explorer writes castling as e1g1, the repertoire as e1h1.
    const games = (uci: string, san: string) => {
      const m = record.moves.find((x) => x.san === san || x.uci === uci);
      return m ? m.white + m.draws + m.black : 0;
    };
    shares.set(position.key, new Map(position.moves.map((m) => [m.uci, games(m.uci, m.san)])));
  }
  return shares;
}

/** The speeds and ratings the player chose for their last coverage check; none before their first. */
async function playerFilter(app: FastifyInstance, userId: number, color: Color): Promise<StatsFilter | undefined> {
  const [run] = await app.db
    .select({ speeds: coverageRuns.speeds, ratings: coverageRuns.ratings })
    .from(coverageRuns)
    .where(and(eq(coverageRuns.userId, userId), eq(coverageRuns.color, color)))
    .orderBy(desc(coverageRuns.startedAt))
    .limit(1);
  if (!run) return undefined;
  const parsed = parseStatsFilter(run.speeds, run.ratings);
  return parsed.ok ? parsed.filter : undefined;
}
