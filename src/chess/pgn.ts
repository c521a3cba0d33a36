/**
 * Reading PGN: one game or many (study chapters), with variations, comments and NAGs.
 *
 * parsePgn is the fast syntactic pass (chessops's parser, which skips unknown tokens);
 * replayGame plays every move, normalises SAN and records the FEN after each move, and
 * fails with an error naming the game and the move. parseGames does both.
 *
 *   parseGames('1. e4 e5 2. Nf6').error.message
 *     === 'Game 1 "?": illegal move 2. Nf6'
 */
import { Result } from '@badrap/result';
import type { Position } from 'chessops/chess';
import {
  emptyHeaders,
  Node,
  parseVariant,
  PgnParser,
  startingPosition,
  type Game,
  type PgnNodeData,
} from 'chessops/pgn';
import { makeFenFast } from './fen-fast.js';
import { findBracketFault } from './pgn-brackets.js';
import { playChildren, type Failure, type PlayedMove } from './pgn-play.js';

export { uciOf, type PlayedMove } from './pgn-play.js';

export const PGN_ERROR_CODES = [
  'empty',
  'not_pgn',
  'too_complex',
  'bad_setup',
  'variant',
  'illegal_move',
  'brackets',
  'not_a_move',
] as const;
export type PgnErrorCode = (typeof PGN_ERROR_CODES)[number];

export class PgnParseError extends Error {
  constructor(
    readonly code: PgnErrorCode,
    message: string,
    /** 0-based index of the game in the text, when one game is at fault. */
    readonly gameIndex?: number,
    readonly gameName?: string,
    /** The move as a reader writes it, e.g. '12... Nf6'. */
    readonly move?: string,
  ) {
    super(message);
    this.name = 'PgnParseError';
  }
}

export interface PgnGame extends Game<PgnNodeData> {
  /** 0-based position of the game in its file. */
  index: number;
  name: string;
}

export interface PlayedGame {
  index: number;
  name: string;
  headers: Map<string, string>;
  comments?: string[];
  /** FEN before the first move (the standard start or the FEN header). */
  startFen: string;
  moves: Node<PlayedMove>;
  /** Illegal moves cut off (with everything after them) when replayed leniently. */
  warnings: PgnParseError[];
}

export interface ReplayOptions {
  /** Cut an illegal move and its continuation instead of failing (some real studies hold one). */
  lenient?: boolean;
}

const gameLabel = (index: number, name: string) => `Game ${index + 1} "${name}"`;

/** The move as written in PGN: '5. Nf3' for white, '5... Nc6' for black. */
export const moveLabel = (fullmoves: number, turn: 'white' | 'black', san: string): string =>
  `${fullmoves}${turn === 'white' ? '.' : '...'} ${san}`;

/** A readable name: the chapter name, 'White vs. Black', the event, or 'Game N'. */
export const gameName = (headers: Map<string, string>, index: number): string => {
  const known = (v: string | undefined) => (v && v !== '?' && v.trim() !== '' ? v.trim() : undefined);
  const chapter = known(headers.get('ChapterName'));
  if (chapter) return chapter;
  const event = known(headers.get('Event'));
  const site = headers.get('Site') ?? '';
  if (event && site.includes('/study/') && event.includes(': ')) return event.slice(event.indexOf(': ') + 2);
  const white = known(headers.get('White'));
  const black = known(headers.get('Black'));
  if (white && black) return `${white} vs. ${black}`;
  return event ?? `Game ${index + 1}`;
};

/** The study's name from chapter tags (StudyName, or the Event prefix of older exports). */
export const findStudyName = (headers: Map<string, string>): string | undefined => {
  const study = headers.get('StudyName');
  if (study) return study;
  const event = headers.get('Event') ?? '';
  const site = headers.get('Site') ?? '';
  if ((site.includes('/study/') || headers.has('ChapterURL')) && event.includes(': '))
    return event.slice(0, event.indexOf(': '));
  return undefined;
};

// chessops's default budget (1,000,000 per game) rejects real deep studies of about 10,000 moves.
const PARSE_BUDGET = 50_000_000;

const SETUP_PROBLEMS: Record<string, string> = {
  ERR_EMPTY: 'the board is empty',
  ERR_KINGS: 'each side needs exactly one king',
  ERR_OPPOSITE_CHECK: 'the side not to move is in check',
  ERR_PAWNS_ON_BACKRANK: 'a pawn is on the first or last rank',
  ERR_IMPOSSIBLE_CHECK: 'the check is impossible',
};

const hasContent = (game: Game<PgnNodeData>) =>
  game.headers.size > 0 || game.moves.children.length > 0 || (game.comments?.length ?? 0) > 0;

/** Splits text into games without checking moves. Fails only on text with no PGN in it. */
export const parsePgn = (text: string): Result<PgnGame[], PgnParseError> => {
  const games: PgnGame[] = [];
  const failure = readGames(text, (game) => {
    games.push(game);
    return undefined;
  });
  return failure ? Result.err(failure) : Result.ok(games);
};

/**
 * Hands each game to `use` as soon as it is read, so a large text's parse trees are short-lived, until
 * `use` returns a failure. Fails as parsePgn does (unbalanced brackets, a game too large, no game,
 * a game with no tags or moves) before any failure of `use`, which is returned otherwise.
 */
export const readGames = (
  text: string,
  use: (game: PgnGame) => PgnParseError | undefined,
): PgnParseError | undefined => {
  const brackets = findBracketFault(text);
  if (brackets) return new PgnParseError('brackets', `The PGN text is malformed at ${brackets.message}`);
  let count = 0;
  let tooLarge: PgnGame | undefined;
  let notPgn: PgnParseError | undefined;
  let failure: PgnParseError | undefined;
  const parser = new PgnParser(
    (parsed, err) => {
      const index = count++;
      const game = Object.assign(parsed, { index, name: gameName(parsed.headers, index) });
      if (err) tooLarge = game;
      else if (notPgn) return;
      else if (!hasContent(game) || (game.headers.size === 0 && game.moves.children.length === 0))
        notPgn = new PgnParseError(
          'not_pgn',
          `${gameLabel(game.index, game.name)}: no PGN tags or moves found`,
          game.index,
          game.name,
        );
      else if (!failure) failure = use(game);
    },
    emptyHeaders,
    PARSE_BUDGET,
  );
  parser.parse(text);
  if (tooLarge)
    return new PgnParseError(
      'too_complex',
      `${gameLabel(tooLarge.index, tooLarge.name)} is too large or deeply nested to read`,
      tooLarge.index,
      tooLarge.name,
    );
  if (count === 0) return new PgnParseError('empty', 'The PGN text is empty');
  return notPgn ?? failure;
};

/** The game's starting position (standard chess only), or the error naming the game. */
export const startOf = (game: PgnGame): Result<Position, PgnParseError> => {
  const label = gameLabel(game.index, game.name);
  const variant = game.headers.get('Variant');
  if (variant && parseVariant(variant) !== 'chess')
    return Result.err(
      new PgnParseError('variant', `${label}: variant '${variant}' is not supported`, game.index, game.name),
    );
  const start = startingPosition(game.headers);
  if (start.isErr)
    return Result.err(
      new PgnParseError(
        'bad_setup',
        `${label}: the FEN tag is not a legal position (${SETUP_PROBLEMS[start.error.message] ?? 'the FEN is malformed'})`,
        game.index,
        game.name,
      ),
    );
  return Result.ok(start.value);
};

/** The error for a move that cannot be played; mainline when the move is on the game's main line. */
export const illegalMoveError = (game: PgnGame, pos: Position, san: string, mainline: boolean): PgnParseError => {
  const move = moveLabel(pos.fullmoves, pos.turn, san);
  const where = mainline ? '' : ' (in a variation)';
  const label = gameLabel(game.index, game.name);
  return new PgnParseError('illegal_move', `${label}: illegal move ${move}${where}`, game.index, game.name, move);
};

/** Plays every move of every variation; the game itself is left as it was. */
export const replayGame = (game: PgnGame, options: ReplayOptions = {}): Result<PlayedGame, PgnParseError> =>
  replay(game, options, false);

/**
 * inPlace: the game's own nodes become the played ones (their data replaced, illegal moves cut), which
 * spares a second tree of a whole study; for games no one else holds.
 */
const replay = (game: PgnGame, options: ReplayOptions, inPlace: boolean): Result<PlayedGame, PgnParseError> => {
  const start = startOf(game);
  if (start.isErr) return Result.err(start.error);
  const pos = start.value;
  const startFen = makeFenFast(pos);
  const root = inPlace ? (game.moves as unknown as Node<PlayedMove>) : new Node<PlayedMove>();
  const failures: Failure[] = [];
  playChildren(game.moves, inPlace ? undefined : root, pos, pos.ctx(), 0, true, failures, options.lenient ?? false);
  const warnings = failures.map((failure) => illegalMoveError(game, failure.pos, failure.san, failure.mainline));
  if (warnings.length > 0 && !options.lenient) return Result.err(warnings[0]);
  return Result.ok({
    index: game.index,
    name: game.name,
    headers: game.headers,
    comments: game.comments,
    startFen,
    moves: root,
    warnings,
  });
};

/** parsePgn then replayGame on every game; the first illegal move fails the whole text. */
export const parseGames = (text: string, options: ReplayOptions = {}): Result<PlayedGame[], PgnParseError> => {
  const played: PlayedGame[] = [];
  // The games read are this call's own: played in place.
  const failure = readGames(text, (game) => {
    const result = replay(game, options, true);
    if (result.isErr) return result.error;
    played.push(result.value);
    return undefined;
  });
  return failure ? Result.err(failure) : Result.ok(played);
};

/** Text handed to the parser at a time when games are read one by one. */
const STEP_CHARS = 16 * 1024;

/**
 * readGames one game at a time: the text is read in steps and each game yielded as soon as it is
 * parsed, so a large study never has every game's tree in memory at once and the caller can pause
 * between games. Returns the first error met in text order, or undefined once every game is yielded.
 */
export function* readGamesInSteps(text: string): Generator<PgnGame, PgnParseError | undefined> {
  const brackets = findBracketFault(text);
  if (brackets) return new PgnParseError('brackets', `The PGN text is malformed at ${brackets.message}`);
  const ready: { game: PgnGame; failed: boolean }[] = [];
  let count = 0;
  const parser = new PgnParser(
    (game, err) => {
      const index = count++;
      ready.push({ game: Object.assign(game, { index, name: gameName(game.headers, index) }), failed: !!err });
    },
    emptyHeaders,
    PARSE_BUDGET,
  );
  for (let at = 0; at < text.length || at === 0; at += STEP_CHARS) {
    const last = at + STEP_CHARS >= text.length;
    parser.parse(text.slice(at, at + STEP_CHARS), last ? undefined : { stream: true });
    while (ready.length > 0) {
      const { game, failed } = ready.shift()!;
      const label = gameLabel(game.index, game.name);
      if (failed)
        return new PgnParseError(
          'too_complex',
          `${label} is too large or deeply nested to read`,
          game.index,
          game.name,
        );
      if (!hasContent(game) || (game.headers.size === 0 && game.moves.children.length === 0))
        return new PgnParseError('not_pgn', `${label}: no PGN tags or moves found`, game.index, game.name);
      yield game;
    }
    if (last) break;
  }
  if (count === 0) return new PgnParseError('empty', 'The PGN text is empty');
  return undefined;
}

export { looksLikePgn, splitPgn } from './pgn-split.js';

/** The mainline moves of a played game, in order. */
export const mainlineMoves = (game: { moves: Node<PlayedMove> }): PlayedMove[] => [...game.moves.mainline()];
