import type { Color, OpeningNameAnswer } from '@contract/common';
import type { AnnotatedAnswer, MoveComment } from '@contract/drill';

// The drill's item as GET /api/drill/next sends it (the fields a training session uses).
export type DrillMove = AnnotatedAnswer;

export type DrillItem = {
  id: number;
  color: Color;
  fen: string;
  /** Movetext of a shortest line to the position. */
  line: string;
  move_number: number;
  answers: DrillMove[];
  /** What the study says about the move that led here. */
  before: MoveComment;
  /** 0 New, 1 Learning, 2 Review, 3 Relearning. */
  state: number;
  due: string;
  changed: boolean;
  /** The position's opening, as the server names it. */
  opening?: OpeningNameAnswer;
};
