/**
 * The repertoire report: many games compared with the player's repertoire in one pass, the places
 * where they left it grouped by (position, move played) and split by whose move it was.
 *
 *   repertoireReport(games, { white: rep })
 *   -> { compared: 40, stayedInBook: 12, leftByYou: [{ line: '1. e4 c5', playedSan: 'c3',
 *        expectedSan: ['Nf3'], count: 9, score: 0.39, games: [...] }, ...], leftByOpponent: [...] }
 *
 * Each game is compared like compareGame (the study of the player's colour, its exclusions already
 * applied when it was built). Games not from the standard start are skipped and counted.
 */
import { INITIAL_FEN } from 'chessops/fen';
import { ChildNode, Node, type PgnNodeData } from 'chessops/pgn';
import { compareGame, type GameComparison } from './compare-game.js';
import { positionKey } from './fen.js';
import { parsePgn, replayGame, type PgnGame, type PlayedGame } from './pgn.js';
import { COLORS, type Color, type Repertoire } from './repertoire.js';

/** One game to compare; `ref` is carried through to the deviations it lands in. */
export interface ReportGame<R> {
  pgn: string;
  /** The player's colour in this game. */
  color: Color;
  /** From the player's side: 1 win, 0.5 draw, 0 loss; null when unknown. */
  result: number | null;
  ref: R;
}

/** A game behind a deviation: its ref plus where it left the repertoire. */
export type DeviationGame<R> = R & {
  /** Half-moves from the start up to and including the move played (the deviating move). */
  ply: number;
  result: number | null;
};

export interface Deviation<R> {
  /** Full FEN of the position before the move (from the first game listed). */
  fen: string;
  /** Movetext from the start to that position ('' at the start). */
  line: string;
  /** Full FEN after the move played: the position a card about it asks from. */
  fenAfter: string;
  moveNumber: number;
  /** The player's colour in these games (for drill and card orientation). */
  color: Color;
  playedSan: string;
  playedUci: string;
  /** The repertoire's moves there, in repertoire order. */
  expectedSan: string[];
  expectedUci: string[];
  count: number;
  /** 0..1: the player's mean result over those games with a known result; null when none is known. */
  score: number | null;
  games: DeviationGame<R>[];
}

/** Games of a group with a known result, and the sum of those results. */
export interface Tally {
  known: number;
  total: number;
}

/** Counts a result in the tally; an unknown one is left out. */
export const tally = (t: Tally, result: number | null): void => {
  if (result === null) return;
  t.known++;
  t.total += result;
};

/** The player's mean result over the games with a known result; null when none is known. */
export const meanResult = (t: Tally): number | null => (t.known > 0 ? t.total / t.known : null);

/** A group for the move by which games leave the repertoire, opened by the first of them (none counted yet). */
export const openDeviation = <R>(c: GameComparison, game: PlayedGame, color: Color): Deviation<R> & Tally => ({
  fen: c.fen,
  line: c.line,
  fenAfter: [...game.moves.mainline()][c.ply].fen,
  moveNumber: c.moveNumber,
  color,
  playedSan: c.played!.san,
  playedUci: c.played!.uci,
  expectedSan: c.repertoireMoves.map((m) => m.san),
  expectedUci: c.repertoireMoves.map((m) => m.uci),
  count: 0,
  score: null,
  games: [],
  known: 0,
  total: 0,
});

/** Counts a game in its group; `ply` is its half-moves up to and including the deviating move. */
export const countDeviationGame = <R>(
  group: Deviation<R> & Tally,
  game: { ref: R; result: number | null },
  ply: number,
): void => {
  group.count++;
  tally(group, game.result);
  group.games.push({ ...game.ref, ply, result: game.result });
};

export const NOT_COMPARED_REASONS = ['nonStandard', 'noStudy', 'noMoves', 'unreadable'] as const;
export type NotComparedReason = (typeof NOT_COMPARED_REASONS)[number];

export interface RepertoireReport<R> {
  /** Games given. */
  games: number;
  /** Games compared with a repertoire. */
  compared: number;
  /** Compared games that never left the repertoire (or reached the end of its line). */
  stayedInBook: number;
  /** Mean full-move number where compared games left the repertoire; null when none left. */
  averageMoveLeft: number | null;
  leftByYou: Deviation<R>[];
  leftByOpponent: Deviation<R>[];
  /** Colours that have no study. */
  noStudy: Color[];
  notCompared: Record<NotComparedReason, number>;
}

export type ReportRepertoires = Partial<Record<Color, Repertoire>>;

const STANDARD_START = positionKey(INITIAL_FEN);

/** Half-moves replayed at first; doubled while the game is still in the repertoire where they end. */
const FIRST_STEP = 24;

/** A readable game from the standard start, with its main-line length; or why it is not compared. */
export const readReportGame = (
  pgn: string,
): { game: PgnGame; plies: number } | Exclude<NotComparedReason, 'noStudy'> => {
  const parsed = parsePgn(pgn);
  if (parsed.isErr || parsed.value.length === 0) return 'unreadable';
  const game = parsed.value[0];
  // Replaying no moves checks the variant and the set-up position only.
  const start = replayGame(mainlinePrefix(game, 0), { lenient: true });
  if (start.isErr)
    return start.error.code === 'variant' || start.error.code === 'bad_setup' ? 'nonStandard' : 'unreadable';
  if (positionKey(start.value.startFen) !== STANDARD_START) return 'nonStandard';
  let plies = 0;
  for (const _ of game.moves.mainline()) plies++;
  return plies === 0 ? 'noMoves' : { game, plies };
};

/**
 * compareGame on the game's opening only: replaying moves (SAN, FEN) is the costly part, and a game
 * usually leaves the repertoire long before it ends. Replays more while the prefix ends in book.
 */
export const compareReportGame = (
  rep: Repertoire,
  read: { game: PgnGame; plies: number },
): { comparison: GameComparison; played: PlayedGame } => {
  for (let step = FIRST_STEP; ; step *= 2) {
    const played = replayGame(mainlinePrefix(read.game, step), { lenient: true }).unwrap();
    const comparison = compareGame(rep, played, { openingName: rep.name });
    if (comparison.outcome !== 'game_ended' || step >= read.plies) return { comparison, played };
  }
};

/** The game with only its first `plies` main-line moves (no variations). */
const mainlinePrefix = (game: PgnGame, plies: number): PgnGame => {
  const root = new Node<PgnNodeData>();
  let at = root;
  let count = 0;
  for (const data of game.moves.mainline()) {
    if (count++ === plies) break;
    const child = new ChildNode(data);
    at.children.push(child);
    at = child;
  }
  return { ...game, moves: root };
};

export const repertoireReport = <R>(
  games: readonly ReportGame<R>[],
  repertoires: ReportRepertoires,
): RepertoireReport<R> => {
  const builder = createReportBuilder<R>(repertoires);
  for (const game of games) builder.add(game);
  return builder.finish();
};

/** The same report one game at a time, so a caller can pause between games (the server yields to other requests). */
export interface ReportBuilder<R> {
  add(game: ReportGame<R>): void;
  finish(): RepertoireReport<R>;
}

export const createReportBuilder = <R>(repertoires: ReportRepertoires): ReportBuilder<R> => {
  const notCompared: Record<NotComparedReason, number> = { nonStandard: 0, noStudy: 0, noMoves: 0, unreadable: 0 };
  const groups = new Map<string, Deviation<R> & Tally & { side: 'player' | 'opponent' }>();
  let games = 0;
  let compared = 0;
  let stayed = 0;
  let leftMoves = 0;
  let leftCount = 0;

  const add = (input: ReportGame<R>): void => {
    games++;
    const rep = repertoires[input.color];
    if (!rep) {
      notCompared.noStudy++;
      return;
    }
    const read = readReportGame(input.pgn);
    if (typeof read === 'string') {
      notCompared[read]++;
      return;
    }
    compared++;
    const { comparison: c, played: game } = compareReportGame(rep, read);
    if (c.outcome !== 'left' || !c.played) {
      stayed++;
      return;
    }
    leftMoves += c.moveNumber;
    leftCount++;
    const key = `${input.color}|${c.side}|${positionKey(c.fen)}|${c.played.uci}`;
    let group = groups.get(key);
    if (!group) {
      group = { ...openDeviation<R>(c, game, input.color), side: c.side };
      groups.set(key, group);
    }
    countDeviationGame(group, input, c.ply + 1);
  };

  const finish = (): RepertoireReport<R> => {
    const ranked = [...groups.values()].sort(compareDeviations);
    const side = (which: 'player' | 'opponent'): Deviation<R>[] =>
      ranked
        .filter((g) => g.side === which)
        .map(({ side: _side, known, total, ...deviation }) => ({ ...deviation, score: meanResult({ known, total }) }));
    return {
      games,
      compared,
      stayedInBook: stayed,
      averageMoveLeft: leftCount > 0 ? leftMoves / leftCount : null,
      leftByYou: side('player'),
      leftByOpponent: side('opponent'),
      noStudy: COLORS.filter((color) => !repertoires[color]),
      notCompared,
    };
  };

  return { add, finish };
};

/** Most frequent first; then earliest, white's games first, then by line and move for a stable order. */
const compareDeviations = <R>(a: Deviation<R>, b: Deviation<R>): number =>
  b.count - a.count ||
  a.moveNumber - b.moveNumber ||
  (a.color === b.color ? 0 : a.color === 'white' ? -1 : 1) ||
  (a.line < b.line ? -1 : a.line > b.line ? 1 : 0) ||
  (a.playedSan < b.playedSan ? -1 : a.playedSan > b.playedSan ? 1 : 0);
