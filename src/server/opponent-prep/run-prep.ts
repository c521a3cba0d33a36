import type { FastifyInstance } from 'fastify';
import { createOpponentPrepBuilder, makeGameRecord, type GameRecord } from '../../chess/index.js';
import { PREP_SITE_NAMES, type PrepAnswer, type PrepProgress, type PrepRequest } from '@contract/opponent-prep.js';
import { fetchOpponentGames, noGamesReason } from './opponent-games.js';
import { deviationOnWire } from '../repertoire/report-wire.js';
import { prepRepertoire } from './prep-repertoire.js';
import { keepPrep } from './prep-store.js';
import { LoopTurn } from '../loop-turn.js';

/**
 * A preparation against one opponent: their recent games on the site in which they had the other
 * colour, compared with the player's repertoire for the colour the player will have, then kept (the
 * last one per opponent and colour). Progress is told by stage: fetching, then comparing.
 */

export type PrepOutcome = { ok: true; answer: PrepAnswer } | { ok: false; status: 400 | 404 | 502; error: string };

export interface PrepRef {
  link: string | null;
  date_time_played: string | null;
  /** Who had the player's colour in that game. */
  opponent_name: string;
  site: string;
}

/**
 * The games fetched by an earlier attempt of the same preparation (kept with the run), and where to
 * keep them once fetched: a preparation taken over from a dead process does not ask the site again.
 */
export interface PrepFetchCheckpoint {
  fetched?: string[];
  keepFetched?: (pgns: string[]) => Promise<void>;
}

/** Games compared between two progress reports. */
const PROGRESS_EVERY = 25;

export async function runPrep(
  app: FastifyInstance,
  userId: number,
  input: PrepRequest,
  onProgress: (progress: PrepProgress) => void,
  now = new Date(),
  checkpoint: PrepFetchCheckpoint = {},
): Promise<PrepOutcome> {
  const { site, username, color } = input;
  const rep = await prepRepertoire(app, userId, color);
  if (!rep) return { ok: false, status: 400, error: `You have no ${color} study: set one on Manage Openings first` };

  const fetched = checkpoint.fetched
    ? { ok: true as const, pgns: checkpoint.fetched }
    : await fetchOpponentGames(app, userId, site, username, now, (done, total) =>
        onProgress({ stage: 'fetching', done, total }),
      );
  if (!fetched.ok) return fetched;
  if (!checkpoint.fetched) await checkpoint.keepFetched?.(fetched.pgns);

  // Reading and comparing a game takes a millisecond or more: other requests get turns in between.
  const turn = new LoopTurn();
  const records: GameRecord[] = [];
  for (const pgn of fetched.pgns) {
    await turn.yieldIfDue();
    const record = makeGameRecord(pgn, username, PREP_SITE_NAMES[site] as GameRecord['site']);
    if (record.isOk) records.push(record.value);
  }
  if (records.length === 0) return { ok: false, status: 404, error: await noGamesReason(app, userId, site, username) };

  // The opponent had the other colour: the record's hero is the opponent.
  const theirs = records.filter((record) => (record.heroColor === 'White' ? 'white' : 'black') !== color);
  const builder = createOpponentPrepBuilder<PrepRef>(rep);
  onProgress({ stage: 'comparing', done: 0, total: theirs.length });
  for (const [index, record] of theirs.entries()) {
    if (index > 0 && index % PROGRESS_EVERY === 0)
      onProgress({ stage: 'comparing', done: index, total: theirs.length });
    await turn.yieldIfDue();
    builder.add({
      pgn: record.pgn,
      result: record.result === null ? null : 1 - record.result,
      ref: {
        link: record.link || null,
        date_time_played: record.dateTimePlayed,
        opponent_name: record.opponentName,
        site: record.site,
      },
    });
  }
  onProgress({ stage: 'comparing', done: theirs.length, total: theirs.length });
  const prep = builder.finish();
  const answer = await keepPrep(app.db, userId, {
    site,
    // As the site spells the name in the games.
    username: records[0].username || username,
    color,
    games: prep.games,
    compared: prep.compared,
    surprises: prep.surprises.map(deviationOnWire),
    their_lines: prep.theirLines,
  });
  return { ok: true, answer };
}
