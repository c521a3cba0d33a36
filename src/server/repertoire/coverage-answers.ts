import { sql, type SQL } from 'drizzle-orm';
import type { PositionStats } from '../../chess/index.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { toRecord, type StatsMove } from '../openings/position-stats-repository.js';
import { statsFen, type StatsFilter } from '../openings/stats-key.js';

/**
 * The stored explorer answers the coverage goal works on (the shared cache's rows of a repertoire's
 * positions at one filter), read in one statement, with their stamp: how many there are and when each
 * was fetched, which any write of one of them changes (every write sets its fetch time). A later call
 * reads the stamp alone, a fraction of the answers' cost, to tell whether what was worked out from them
 * still holds.
 *
 *   const list = answerKeys(coveragePositions(rep).map((p) => p.key));
 *   const { stats, stamp } = await readCoverageAnswers(db, list, filter);
 *   (await readAnswersStamp(db, list, filter)) === stamp; // true until one of them is stored again
 */

export interface CoverageAnswers {
  /** As readCachedStats answers them: by position key, whatever their age. */
  stats: Map<string, PositionStats>;
  stamp: string;
}

/**
 * The positions' keys as the one parameter the statements take (kept with the repertoire by the
 * caller): keys are FENs without counters, which hold no comma, and a list of parameters costs the
 * query builder more than the database's work.
 */
export const answerKeys = (keys: readonly string[]): string => [...new Set(keys.map(statsFen))].join(',');

// Each key looked up in the primary key's index, a third cheaper than `fen = any(...)` on the embedded database.
const rowsOfKeys = (list: string, filter: StatsFilter): SQL => sql`
  from unnest(string_to_array(${list}, ',')) as k(fen)
  join position_stats s on s.fen = k.fen and s.speeds = ${filter.speeds} and s.ratings = ${filter.ratings}`;

const STAMP = sql`count(*)::int || ':' || coalesce(sum(extract(epoch from s.fetched_at))::text, '')`;

/** The answers and their stamp, in one statement returning one JSON text (rows cost more than finding them). */
export async function readCoverageAnswers(db: Db, list: string, filter: StatsFilter): Promise<CoverageAnswers> {
  const stats = new Map<string, PositionStats>();
  if (!list) return { stats, stamp: '' };
  const [row] = rowsOf<{ rows: string | null; stamp: string }>(
    await db.execute(
      sql`select json_agg(json_build_array(s.fen, s.white, s.draws, s.black, s.moves))::text as rows, ${STAMP} as stamp ${rowsOfKeys(list, filter)}`,
    ),
  );
  const rows = JSON.parse(row.rows ?? '[]') as [string, number, number, number, StatsMove[]][];
  for (const [fen, white, draws, black, moves] of rows)
    stats.set(fen, toRecord({ fen, ...filter, white, draws, black, moves }));
  return { stats, stamp: row.stamp };
}

export async function readAnswersStamp(db: Db, list: string, filter: StatsFilter): Promise<string> {
  if (!list) return '';
  const [row] = rowsOf<{ stamp: string }>(await db.execute(sql`select ${STAMP} as stamp ${rowsOfKeys(list, filter)}`));
  return row.stamp;
}
