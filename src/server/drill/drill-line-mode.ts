import type { FastifyInstance } from 'fastify';
import { positionKey, walkDrillLine, type Color, type Repertoire } from '../../chess/index.js';
import { readCachedStats } from '../openings/explorer-cache.js';
import { parseStatsFilter } from '../openings/stats-key.js';
import type { DrillLine } from '@contract/drill.js';
import { toItemPayload, type DrillItemRow } from './drill-item-payload.js';
import { drillTraps } from '../repertoire/coverage-figures.js';
import { readItemsByKeys } from './drill-items-repository.js';
import { colourNewLeft } from './drill-new-day.js';
import { freshItems, leadingKeys } from './drill-new-items.js';
import { readLineQueue, readDueKeys, trapsHeadOf } from './drill-queue-repository.js';
import { expectedDeck } from './drill-source.js';
import { stillSynced, syncedDeck } from './drill-sync.js';

/**
 * Line mode: the next stretch of a repertoire line, from the start (or a given position) to the next
 * item to ask. Opponent replies are weighted by the cached explorer answers at the speeds and ratings
 * of the player's latest coverage check of that colour, and picked uniformly where none is stored (and
 * before the first check); no explorer call is made. The answer names the last position where the
 * opponent had several replies the player answers, for "All my replies".
 */

/** Items asked in line mode: everything next would serve today. */
const ASK_LIMIT = 100_000;

/** The next stretch of a line; undefined when the colour has no study. */
export async function drillLine(
  app: FastifyInstance,
  userId: number,
  color: Color,
  fromFen: string | undefined,
  now: Date,
  dayStart: Date,
): Promise<DrillLine | undefined> {
  // As next: one statement reads the head and the due keys and chooses New items of the deck last
  // served; when that deck is no longer the study's, the study is synced first and what is due read again.
  const expected = await expectedDeck(app, userId, color);
  const keys = expected ? leadingKeys(expected.source.deck, 0) : [];
  const query = { now, dayStart, limit: ASK_LIMIT, keys, coverage: true };
  const read = await readLineQueue(app.statements, userId, color, query);
  const { head } = read;
  const kept = stillSynced(head, expected);
  const source = kept ?? (await syncedDeck(app, userId, color, head));
  if (!source) return undefined;
  const { rep } = source;
  // What next would serve: the due items (their keys: only the one asked is answered whole), then New ones.
  const due = kept ? read.due : await readDueKeys(app.db, userId, color, now, ASK_LIMIT);
  const shared = head.day ? await colourNewLeft(app.db, userId, color, query.dayStart, head.day) : 0;
  const room = Math.min(ASK_LIMIT - due.length, shared);
  // The statement chose up to the day's allowance; the colour's share may take fewer of them.
  const leading = kept && read.chosen && read.room >= room ? { count: keys.length, chosen: read.chosen } : undefined;
  const fresh = room > 0 ? await freshItems(app, userId, color, room, source, leading) : [];
  const ask = new Set([...due, ...fresh.map((row) => row.positionKey)]);
  const shares = await explorerShares(app, rep, head.coverage);
  const fromKey = fromFen ? positionKey(fromFen) : undefined;
  const segment = walkDrillLine(rep, fromKey, { ask, shares, random: Math.random });
  const start = rep.positions.get(segment.startKey);
  const askRow = segment.askKey ? await askedRow(app, userId, color, segment.askKey, fresh) : undefined;
  const { branch } = segment;
  const branchFen = branch && rep.positions.get(branch.key)?.fen;
  return {
    start_fen: fromFen ?? start?.fen ?? '',
    moves: segment.moves,
    ask: askRow ? toItemPayload(app, askRow, rep, await drillTraps(app, userId, color, trapsHeadOf(head))) : null,
    branch: askRow && branch && branchFen ? { fen: branchFen, replies: branch.replies } : null,
  };
}

async function askedRow(
  app: FastifyInstance,
  userId: number,
  color: Color,
  key: string,
  fresh: readonly DrillItemRow[],
): Promise<DrillItemRow | undefined> {
  const served = fresh.find((row) => row.positionKey === key);
  if (served) return served;
  const [row] = await readItemsByKeys(app.db, userId, color, [key], true);
  return row;
}

/**
 * Cached explorer games per move, at opponent-to-move positions where the repertoire has a choice
 * (those positions found once per repertoire).
 */
async function explorerShares(
  app: FastifyInstance,
  rep: Repertoire,
  coverage: { speeds: string; ratings: string } | undefined,
): Promise<Map<string, Map<string, number>>> {
  let choices = app.drillMemory.choices.get(rep);
  if (!choices) {
    choices = [...rep.positions.values()].filter((p) => p.turn !== rep.color && p.moves.length > 1);
    app.drillMemory.choices.set(rep, choices);
  }
  const shares = new Map<string, Map<string, number>>();
  if (choices.length === 0 || !coverage) return shares;
  // The speeds and ratings the player chose for their last coverage check.
  const parsed = parseStatsFilter(coverage.speeds, coverage.ratings);
  if (!parsed.ok) return shares;
  const stats = await readCachedStats(
    app.db,
    choices.map((p) => p.key),
    parsed.filter,
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
