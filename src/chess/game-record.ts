/**
 * Game records built from the PGN tags of a game fetched from Lichess or
 * Chess.com, seen from the hero's side.
 *
 *   makeGameRecord(lichessPgn, 'thibault', 'Lichess').value.result === 1   // thibault won
 */
import { Result } from '@badrap/result';
import { parsePgn, splitPgn } from './pgn.js';

export const GAME_SITES = ['Lichess', 'Chess.com'] as const;
export type GameSite = (typeof GAME_SITES)[number];
export type SideName = 'White' | 'Black';

export interface GameRecord {
  username: string;
  actualOpening: string;
  heroColor: SideName;
  heroElo: number | null;
  heroOpening: string;
  howLeftOpening: string;
  /** Last word of the Termination tag: 'Normal', 'resignation', 'time', 'forfeit', 'agreement'... */
  howResolved: string;
  link: string;
  notes: string;
  opponentElo: number | null;
  opponentColor: SideName;
  opponentName: string;
  pgn: string;
  /** From the hero's side: 1 win, 0.5 draw, 0 loss; null for an unfinished game. */
  result: number | null;
  moveLeftOpening: string | null;
  /** ISO 8601 UTC, e.g. '2026-01-16T08:32:44Z'; the date alone ('2026-01-16') without a UTCTime tag; null without a date. */
  dateTimePlayed: string | null;
  timeControl: string;
  site: GameSite;
}

export class GameRecordError extends Error {
  constructor(
    readonly code: 'not_a_player' | 'pgn',
    message: string,
  ) {
    super(message);
    this.name = 'GameRecordError';
  }
}

const known = (v: string | undefined) => (v !== undefined && v !== '?' && v.trim() !== '' ? v.trim() : undefined);

const elo = (v: string | undefined): number | null => {
  const n = Number(known(v));
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** Opening names written with a hyphen, which the URL's word separators would lose. */
const HYPHENATED = ['Caro-Kann', 'Nimzo-Indian', 'Bogo-Indian', 'Nimzo-Larsen'];

/** 'https://www.chess.com/openings/Sicilian-Defense-Najdorf...6.Be3' -> 'Sicilian Defense Najdorf' */
const openingFromUrl = (url: string): string | undefined => {
  const slug = url.split('/openings/')[1];
  if (!slug) return undefined;
  // '...' starts Black's first move ('Canal-Attack-3...Nd7'), '-4.' White's: both leave the name.
  const words = slug
    .split('...')[0]
    .replace(/-\d+\..*$/, '')
    .replace(/-\d+$/, '');
  const name = HYPHENATED.reduce(
    (text, kept) => text.replaceAll(kept.replace('-', ' '), kept),
    words.replace(/-/g, ' '),
  ).trim();
  return name === '' ? undefined : name;
};

/** The opening the game's tags name: Opening, else Chess.com's ECOUrl, else the ECO code. */
export const findGameOpening = (headers: Map<string, string>): string => {
  const opening = known(headers.get('Opening'));
  const eco = known(headers.get('ECO'));
  const fromUrl = openingFromUrl(headers.get('ECOUrl') ?? '');
  const name = opening ?? fromUrl;
  if (name && eco) return `${eco} ${name}`;
  return name ?? eco ?? '';
};

const resultFor = (tag: string | undefined, hero: SideName): number | null => {
  switch (tag) {
    case '1-0':
      return hero === 'White' ? 1 : 0;
    case '0-1':
      return hero === 'Black' ? 1 : 0;
    case '1/2-1/2':
      return 0.5;
    default:
      return null;
  }
};

const utcDateTime = (headers: Map<string, string>): string | null => {
  const date = known(headers.get('UTCDate')) ?? known(headers.get('Date'));
  if (!date || !/^\d{4}\.\d{2}\.\d{2}$/.test(date)) return null;
  const time = known(headers.get('UTCTime'));
  const day = date.replace(/\./g, '-');
  // Without a time the date stands alone: an invented midnight would read as a real time.
  return time && /^\d{2}:\d{2}:\d{2}$/.test(time) ? `${day}T${time}Z` : day;
};

/** Builds the record for one game's PGN text; fails when the hero played neither side. */
export const makeGameRecord = (pgn: string, hero: string, site: GameSite): Result<GameRecord, GameRecordError> => {
  const parsed = parsePgn(pgn);
  if (parsed.isErr) return Result.err(new GameRecordError('pgn', parsed.error.message));
  const headers = parsed.value[0].headers;
  const white = headers.get('White') ?? '';
  const black = headers.get('Black') ?? '';
  const heroName = hero.trim().toLowerCase();
  const heroColor: SideName | undefined =
    white.toLowerCase() === heroName ? 'White' : black.toLowerCase() === heroName ? 'Black' : undefined;
  if (!heroColor)
    return Result.err(new GameRecordError('not_a_player', `${hero} played neither side of ${white} vs. ${black}`));
  const white_ = heroColor === 'White';
  const termination = known(headers.get('Termination')) ?? '';
  return Result.ok({
    username: white_ ? white : black,
    actualOpening: findGameOpening(headers),
    heroColor: heroColor,
    heroElo: elo(headers.get(white_ ? 'WhiteElo' : 'BlackElo')),
    heroOpening: '',
    howLeftOpening: '',
    howResolved: termination.split(/\s+/).pop() ?? '',
    link: (site === 'Lichess' ? headers.get('Site') : headers.get('Link')) ?? '',
    notes: '',
    opponentElo: elo(headers.get(white_ ? 'BlackElo' : 'WhiteElo')),
    opponentColor: white_ ? 'Black' : 'White',
    opponentName: white_ ? black : white,
    pgn,
    result: resultFor(headers.get('Result'), heroColor),
    moveLeftOpening: null,
    dateTimePlayed: utcDateTime(headers),
    timeControl: headers.get('TimeControl') ?? '',
    site,
  });
};

/** Records for every game of a multi-game export in which the hero played; other games are skipped. */
export const makeGameRecords = (text: string, hero: string, site: GameSite): GameRecord[] =>
  splitPgn(text).flatMap((pgn) => {
    const record = makeGameRecord(pgn, hero, site);
    return record.isOk ? [record.value] : [];
  });
