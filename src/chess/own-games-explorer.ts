/**
 * The player's own games as an opening explorer: every position of their games' openings counted once
 * per game, keyed by position so transpositions meet, with the moves played from it, White wins, draws
 * and Black wins, and the last time each was played. Built once from the stored games, then read per
 * position.
 *
 *   const mine = countOwnGames([{ pgn, color: 'white', result: 1, playedAt: '2026-01-16T08:32:44Z' }]);
 *   ownPositionFigures(mine, startFen) // { white: 1, draws: 0, black: 0, moves: [{ san: 'e4', ... }] }
 */
import { Chess } from 'chessops/chess';
import { makeSan, parseSan } from 'chessops/san';
import type { NormalMove } from 'chessops/types';
import { makeSquare, roleToChar } from 'chessops/util';
import { positionKey } from './fen.js';
import { makeFenFast } from './fen-fast.js';
import { lineSanMoves } from './line-positions.js';
import { parseSanFast } from './san-parse-fast.js';
import { positionFromFen } from './position-from-fen.js';

/** How far into each game positions are counted: the opening, not the endgame. */
export const OWN_GAMES_PLIES = 40;

export interface OwnGame {
  /** PGN or movetext from the standard start. */
  pgn: string;
  /** The side the player had. */
  color: 'white' | 'black';
  /** From the player's side: 1, 0.5, 0; null reads the PGN's Result tag (a game without a result is left out). */
  result: number | null;
  /** ISO 8601, or null when unknown. */
  playedAt: string | null;
}

export interface OwnCounts {
  white: number;
  draws: number;
  black: number;
  /** ISO 8601 of the latest game with a date. */
  lastPlayed: string | null;
}

export interface OwnMove extends OwnCounts {
  /** Standard UCI (castling as the king's two-square move, as the Lichess explorer writes it). */
  uci: string;
  san: string;
}

interface OwnPosition extends OwnCounts {
  moves: Map<string, OwnMove>;
}

export interface OwnGamesExplorer {
  /** Games counted (those with a result). */
  games: number;
  positions: ReadonlyMap<string, OwnPosition>;
}

export interface OwnPositionFigures extends OwnCounts {
  /** Most played first (ties: latest played, then SAN). */
  moves: OwnMove[];
}

type Outcome = 'white' | 'draws' | 'black';

/** Counts the games' positions up to maxPlies half-moves; a position repeated in one game counts once. */
export const countOwnGames = (games: readonly OwnGame[], maxPlies = OWN_GAMES_PLIES): OwnGamesExplorer => {
  const positions = new Map<string, OwnPosition>();
  let counted = 0;
  for (const game of games) {
    const outcome = outcomeOf(game);
    if (!outcome) continue;
    counted++;
    const sans = movesOf(game.pgn).slice(0, maxPlies);
    const pos = Chess.default();
    // One context (king, pins, checkers) per position, for its key and for reading the next move.
    let ctx = pos.ctx();
    let key = positionKey(makeFenFast(pos, ctx));
    const seen = new Set<string>();
    for (const san of sans) {
      const move = parseSanFast(pos, san, ctx);
      if (!move || !('from' in move)) break;
      if (seen.has(key)) pos.play(move);
      else {
        seen.add(key);
        const at = counts(positions, key);
        add(at, outcome, game.playedAt);
        const uci = standardUci(pos, move);
        let played = at.moves.get(uci);
        // The move as the game wrote it; ownPositionFigures writes it as SAN for the one position asked.
        if (!played) at.moves.set(uci, (played = { uci, san, white: 0, draws: 0, black: 0, lastPlayed: null }));
        add(played, outcome, game.playedAt);
        pos.play(move);
      }
      ctx = pos.ctx();
      key = positionKey(makeFenFast(pos, ctx));
    }
    if (!seen.has(key)) add(counts(positions, key), outcome, game.playedAt);
  }
  return { games: counted, positions };
};

/** The figures at one position (a full FEN or a key), or null when no counted game reached it. */
export const ownPositionFigures = (explorer: OwnGamesExplorer, fen: string): OwnPositionFigures | null => {
  const key = positionKey(fen);
  const at = explorer.positions.get(key);
  if (!at) return null;
  const games = (c: OwnCounts) => c.white + c.draws + c.black;
  const pos = positionFromFen(explorerFen(key));
  const moves = [...at.moves.values()]
    .map((m) => ({ ...m, san: pos ? sanOf(pos, m.san) : m.san }))
    .sort(
      (a, b) =>
        games(b) - games(a) ||
        (b.lastPlayed ?? '').localeCompare(a.lastPlayed ?? '') ||
        (a.san < b.san ? -1 : a.san > b.san ? 1 : 0),
    );
  return { white: at.white, draws: at.draws, black: at.black, lastPlayed: at.lastPlayed, moves };
};

const counts = (positions: Map<string, OwnPosition>, key: string): OwnPosition => {
  let at = positions.get(key);
  if (!at) positions.set(key, (at = { white: 0, draws: 0, black: 0, lastPlayed: null, moves: new Map() }));
  return at;
};

const add = (c: OwnCounts, outcome: Outcome, playedAt: string | null): void => {
  c[outcome]++;
  if (playedAt !== null && (c.lastPlayed === null || playedAt > c.lastPlayed)) c.lastPlayed = playedAt;
};

const outcomeOf = (game: OwnGame): Outcome | undefined => {
  let white: number | undefined;
  if (game.result !== null) white = game.color === 'white' ? game.result : 1 - game.result;
  else {
    const tag = /\[Result\s+"([^"]*)"\]/.exec(game.pgn)?.[1];
    white = tag === '1-0' ? 1 : tag === '0-1' ? 0 : tag === '1/2-1/2' ? 0.5 : undefined;
  }
  if (white === undefined) return undefined;
  return white > 0.5 ? 'white' : white < 0.5 ? 'black' : 'draws';
};

/** The main line's SAN moves: tag pairs, comments, variations and NAGs left out. */
const movesOf = (pgn: string): string[] => {
  let text = pgn.replace(/^\s*\[[^\]]*\]\s*$/gm, ' ').replace(/\{[^}]*\}|;[^\n]*/g, ' ');
  // Variations, innermost first.
  for (let before = ''; before !== text;) {
    before = text;
    text = text.replace(/\([^()]*\)/g, ' ');
  }
  return lineSanMoves(text);
};

/** chessops writes castling as king-to-rook; the explorer as the king's two-square move. */
const standardUci = (pos: Chess, move: NormalMove): string => {
  let to = move.to;
  const piece = pos.board.get(move.from);
  if (piece?.role === 'king' && pos.board.get(move.to)?.color === piece.color)
    to = to > move.from ? move.from + 2 : move.from - 2;
  return makeSquare(move.from) + makeSquare(to) + (move.promotion ? roleToChar(move.promotion) : '');
};

const explorerFen = (key: string): string => (key.split(' ').length === 4 ? `${key} 0 1` : key);

/** The move as SAN (the check mark, the disambiguation), however the game wrote it. */
const sanOf = (pos: Chess, written: string): string => {
  const move = parseSan(pos, written);
  return move ? makeSan(pos, move) : written;
};
