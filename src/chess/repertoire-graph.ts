/**
 * The position graph the one-pass build merges a study into, one chapter line at a time: positions by
 * key with the FEN of their earliest occurrence, and the moves between them with the chapters and lines
 * that play them (as buildRepertoire merges played games).
 */
import { addChapterLine, chapterLines } from './chapter-lines.js';
import type { Color, LineStep, RepertoireMove, RepertoirePosition } from './repertoire.js';

export class RepertoireGraph {
  readonly positions = new Map<string, RepertoirePosition>();
  /** Keys of the chapters' starting positions, without repeats. */
  readonly roots: string[] = [];
  /** By chapter index, the chapter list of the moves only that chapter plays. */
  private readonly onlyChapter: number[][] = [];
  /** Positions and moves whose arrays grew past one entry: trimmed to their length by finish. */
  private readonly grown: (RepertoirePosition | RepertoireMove)[] = [];

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
   * one chapter plays share that chapter's list (a study's moves mostly belong to one chapter): it is
   * replaced, never changed in place, when a second chapter plays the move.
   */
  addMove(at: RepertoirePosition, uci: string, to: string, chapter: number, step: LineStep): RepertoireMove {
    const move: RepertoireMove = {
      san: step.san,
      uci,
      to,
      chapters: (this.onlyChapter[chapter] ??= [chapter]),
      lines: 0,
      continuingLines: 0,
      firstLine: step,
    };
    // Arrays made at their length: a study has about one move per position and one chapter per move.
    if (at.moves.length === 0) at.moves = [move];
    else {
      if (at.moves.length === 1) this.grown.push(at);
      at.moves.push(move);
    }
    return move;
  }

  /** One more chapter line passing through a known move: returns the line's step for it. */
  enterMove(move: RepertoireMove, chapter: number, line: LineStep | undefined): LineStep {
    const step: LineStep = { san: move.san, previous: line };
    const chapters = move.chapters;
    // Chapters are merged in order: a chapter not yet through the move comes after all that are.
    if (chapters[chapters.length - 1] !== chapter) {
      if (chapters.length === 1) {
        // The one-chapter list is shared by the chapter's moves: copied before it grows.
        move.chapters = [chapters[0], chapter];
        this.grown.push(move);
      } else chapters.push(chapter);
      addChapterLine(move, step);
    }
    return step;
  }

  /** Trims the arrays that grew (a push leaves room for more) to their length. */
  finish(): void {
    for (const item of this.grown) {
      if ('moves' in item) item.moves = item.moves.slice();
      else {
        item.chapters = item.chapters.slice();
        item.firstLine = chapterLines(item).slice();
      }
    }
    this.grown.length = 0;
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
