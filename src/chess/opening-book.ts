/**
 * The opening book (create_opening_book): for each position of a repertoire, its moves
 * with the number of chapter lines that go on after them and the chapters that play them.
 * A move after which no line goes on has numberOfGames 0; it is marked end of line when the position
 * it leads to has no repertoire moves at all (not when the line only goes on by transposition).
 *
 *   createOpeningBook(rep)['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -']
 *   -> { fen, turn: 'white', moves: { e4: { numberOfGames: 3, chapters: [...], endOfLine: false } },
 *        totalGames: 3, lowestMoveNumber: 1 }
 */
import { inReportOrder, itemsWhere, runSteps } from './order.js';
import type { Color, Repertoire, RepertoirePosition } from './repertoire.js';

export const END_OF_LINE = 'end of line';

export interface BookMove {
  san: string;
  uci: string;
  /** Chapter lines that play this move and go on after it; 0 means the move ends the line. */
  numberOfGames: number;
  /** Names of the chapters that play the move, in study order. */
  chapters: string[];
  endOfLine: boolean;
}

export interface BookEntry {
  fen: string;
  turn: Color;
  /** Keyed by SAN; ordered by numberOfGames, most first. */
  moves: Record<string, BookMove>;
  /** Chapter lines that reach the position and play a move from it. */
  totalGames: number;
  lowestMoveNumber: number;
}

/** Keyed by position key (FEN without move counters), in report order. */
export type OpeningBook = Record<string, BookEntry>;

/** A position the book lists: one with repertoire moves. */
export const isInBook = (p: RepertoirePosition): boolean => p.moves.length > 0;

/** The positions the book lists, in report order. */
export const bookPositions = (rep: Repertoire): RepertoirePosition[] =>
  runSteps(inReportOrder(itemsWhere(rep.positions.values(), isInBook)));

/** The book's entry for one position. */
export const bookEntry = (rep: Repertoire, p: RepertoirePosition): BookEntry => entryOf(rep, p, []);

/**
 * onlyChapter: by chapter index, the chapter names of the moves only that chapter plays, shared
 * between the entries of one book (a study's moves mostly belong to one chapter).
 */
const entryOf = (rep: Repertoire, p: RepertoirePosition, onlyChapter: string[][]): BookEntry => {
  const moves: Record<string, BookMove> = {};
  // Most positions have one move: nothing to order.
  const sorted =
    p.moves.length === 1
      ? p.moves
      : [...p.moves].sort((a, b) => b.continuingLines - a.continuingLines || (a.san < b.san ? -1 : 1));
  let total = 0;
  for (const m of sorted) {
    total += m.lines;
    moves[m.san] = {
      san: m.san,
      uci: m.uci,
      numberOfGames: m.continuingLines,
      chapters:
        m.chapters.length === 1
          ? (onlyChapter[m.chapters[0]] ??= [rep.chapters[m.chapters[0]].name])
          : m.chapters.map((c) => rep.chapters[c].name),
      // A line may end in the chapters yet go on by transposition: only a next position with no
      // repertoire moves is the end, as the game comparison sees it.
      endOfLine: (rep.positions.get(m.to)?.moves.length ?? 0) === 0,
    };
  }
  return { fen: p.fen, turn: p.turn, moves, totalGames: total, lowestMoveNumber: p.moveNumber };
};

export const createOpeningBook = (rep: Repertoire): OpeningBook => {
  const book: OpeningBook = {};
  const onlyChapter: string[][] = [];
  for (const p of bookPositions(rep)) book[p.key] = entryOf(rep, p, onlyChapter);
  return book;
};

/** Readable book: one block per position, end-of-line moves listed as such. */
export const makeOpeningBookText = (name: string, book: OpeningBook): string => {
  const blocks = Object.values(book).map((entry) => {
    const moves = Object.values(entry.moves).map((m) =>
      m.endOfLine
        ? `  ${m.san}: ${END_OF_LINE} (${m.chapters.join(', ')})`
        : `  ${m.san}: ${m.numberOfGames} (${m.chapters.join(', ')})`,
    );
    return [`${entry.fen} (move ${entry.lowestMoveNumber}, ${entry.totalGames} lines)`, ...moves].join('\n');
  });
  return [`Opening book for: ${name}`, ...blocks].join('\n\n');
};
