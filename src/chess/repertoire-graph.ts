/**
 * The position graph a repertoire is merged into, one chapter line at a time: positions by key with
 * the FEN of their earliest occurrence, and the moves between them with the chapters and lines that
 * play them. Both ways of building a repertoire (from played games, or straight from PGN text) share it.
 */
import type { Color, LineStep, RepertoireMove, RepertoirePosition } from './repertoire.js';

export class RepertoireGraph {
  readonly positions = new Map<string, RepertoirePosition>();
  /** Keys of the chapters' starting positions, without repeats. */
  readonly roots: string[] = [];
  /** By chapter index, the chapter list of the moves only that chapter plays. */
  private readonly onlyChapter: (readonly number[])[] = [];

  /** The position under key, made when first met; fen and fullmoves are this occurrence's. */
  reach(key: string, turn: Color, fullmoves: number, fen: string): RepertoirePosition {
    const known = this.positions.get(key);
    if (known !== undefined) {
      this.meet(known, fullmoves, fen);
      return known;
    }
    const p: RepertoirePosition = { key, fen, turn, moveNumber: fullmoves, moves: [] };
    this.positions.set(key, p);
    return p;
  }

  /**
   * A known position met again: the earliest occurrence wins, and ties break on the FEN text so
   * chapter order never matters. The FEN is only read when fullmoves is at most the known move number.
   */
  meet(p: RepertoirePosition, fullmoves: number, fen: string): void {
    if (fullmoves < p.moveNumber || (fullmoves === p.moveNumber && fen < p.fen)) {
      p.moveNumber = fullmoves;
      p.fen = fen;
    }
  }

  /**
   * A move first played from `at` by a chapter line; step is the line's step for it. The moves only
   * one chapter plays share that chapter's list (a study's moves mostly belong to one chapter), so a
   * move's chapter list is replaced, never changed in place, when a second chapter plays it.
   */
  addMove(at: RepertoirePosition, uci: string, to: string, chapter: number, step: LineStep): RepertoireMove {
    const move: RepertoireMove = {
      san: step.san,
      uci,
      to,
      chapters: (this.onlyChapter[chapter] ??= [chapter]),
      lines: 0,
      continuingLines: 0,
      firstLine: new Map<number, LineStep>().set(chapter, step),
    };
    // An empty array grows to room for 17 on its first push; most positions hold one move.
    if (at.moves.length === 0) at.moves = [move];
    else at.moves.push(move);
    return move;
  }

  /** One more chapter line passing through a known move: returns the line's step for it. */
  enterMove(move: RepertoireMove, chapter: number, line: LineStep | undefined): LineStep {
    const chapters = move.chapters;
    if (chapters[chapters.length - 1] !== chapter) {
      if (chapters === this.onlyChapter[chapters[0]]) move.chapters = [chapters[0], chapter];
      else (chapters as number[]).push(chapter);
    }
    const step: LineStep = { san: move.san, previous: line };
    if (!move.firstLine.has(chapter)) move.firstLine.set(chapter, step);
    return step;
  }

  /** A chapter's starting position, listed once among the roots. */
  root(key: string, turn: Color, fullmoves: number, fen: string): RepertoirePosition {
    const p = this.reach(key, turn, fullmoves, fen);
    if (!this.roots.includes(key)) this.roots.push(key);
    return p;
  }
}

/** The move from `at` with this UCI, when a chapter already played it. */
export const knownMove = (at: RepertoirePosition, uci: string): RepertoireMove | undefined => {
  const moves = at.moves;
  for (let i = 0; i < moves.length; i++) if (moves[i].uci === uci) return moves[i];
  return undefined;
};

/** Counts the lines below the move once its continuation is walked; returns the lines through it. */
export const leaveMove = (move: RepertoireMove, below: number): number => {
  const lines = below === 0 ? 1 : below;
  move.lines += lines;
  if (below > 0) move.continuingLines += lines;
  return lines;
};
