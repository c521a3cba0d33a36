import { sql } from 'drizzle-orm';
import type { Hole } from '../../chess/coverage-walk.js';
import { holePositionKey } from '../../chess/hole-position.js';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { keyDigest, unpackDeckKeys } from '../drill/deck-keys.js';

/** Holes the Study next list shows per colour. */
export const STUDY_NEXT_SIZE = 20;

/**
 * Study next holes still open: of the likeliest holes of each colour's latest coverage check, those
 * whose position (after the opponent's move) the repertoire does not answer yet. The repertoire's
 * answered positions are its drill deck (kept up to date by every study change and edit).
 */
export async function countOpenHoles(db: Db, userId: number): Promise<number> {
  const runs = rowsOf<{ color: string; holes: Pick<Hole, 'fen' | 'uci'>[] | null; keys: string | null }>(
    await db.execute(sql`
      select r.color,
        (select jsonb_agg(h.value order by h.ordinality)
           from jsonb_array_elements(r.holes) with ordinality h
           -- Study next leaves out holes that almost never come up (reach 0, listed last).
           where h.ordinality <= ${STUDY_NEXT_SIZE} and (h.value->>'reach')::float8 > 0) as holes,
        s.drill_deck_keys as keys
      from (select distinct on (color) color, holes from coverage_runs
            where user_id = ${userId} order by color, id desc) r
      left join studies s on s.user_id = ${userId} and s.color = r.color`),
  );
  let open = 0;
  for (const run of runs) {
    const holes = run.holes ?? [];
    if (holes.length === 0) continue;
    const deck = unpackDeckKeys(run.keys);
    for (const hole of holes) {
      const key = holePositionKey(hole);
      if (!key || !deck.has(keyDigest(key))) open++;
    }
  }
  return open;
}
