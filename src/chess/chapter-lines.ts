/**
 * A repertoire move's first line in each chapter that plays it. Most moves belong to one chapter, so
 * the move holds that line's last step alone, and a list only once a second chapter plays it: a list
 * per move was a tenth of what a 160,000-position repertoire keeps.
 */
import type { LineStep, RepertoireMove } from './repertoire.js';

/** The first line of the move's `i`th chapter (`move.chapters[i]`), ending with the move. */
export const chapterLine = (move: RepertoireMove, i: number): LineStep =>
  Array.isArray(move.firstLine) ? move.firstLine[i] : move.firstLine;

/** The first line of each of the move's chapters, in their order. */
export const chapterLines = (move: RepertoireMove): readonly LineStep[] =>
  Array.isArray(move.firstLine) ? move.firstLine : [move.firstLine];

/** The line of one more chapter through the move (chapters come in order): a lone step becomes a list. */
export const addChapterLine = (move: RepertoireMove, step: LineStep): void => {
  if (Array.isArray(move.firstLine)) move.firstLine.push(step);
  else move.firstLine = [move.firstLine, step];
};
