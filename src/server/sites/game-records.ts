import { makeGameRecord, type GameRecord, type GameSite } from '../../chess/game-record.js';
import { parsePgn } from '../../chess/pgn.js';

/** The games a site sent, as Game records: recent games and the repertoire report read them so. */

/** Game records of the games the user played, newest first; games that do not parse or have no moves are left out. */
export function toRecords(pgns: readonly string[], username: string, site: GameSite): GameRecord[] {
  const records = pgns.flatMap((pgn) => {
    const record = makeGameRecord(pgn, username, site);
    return record.isOk && hasMoves(pgn) ? [record.value] : [];
  });
  // ISO strings sort by time; games without a date keep their place at the end.
  return records
    .map((record, index) => ({ record, index }))
    .sort((a, b) => compareDates(b.record.dateTimePlayed, a.record.dateTimePlayed) || a.index - b.index)
    .map(({ record }) => record);
}

// An aborted game (no move played) has nothing to review or compare.
function hasMoves(pgn: string): boolean {
  const games = parsePgn(pgn);
  return games.isOk && games.value[0] !== undefined && games.value[0].moves.children.length > 0;
}

function compareDates(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}
