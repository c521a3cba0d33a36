import type { CSSProperties } from 'react';
import type { BoardArrow } from '../../../components/board';
import { StudyComment, studyShapesOnBoard, TrapNote } from '../../../components/study-note';
import type { AnnotatedAnswer, DrillItem } from '../api/types';
import { arrowSquares } from '../line-moves';

const ANSWER_ARROW = 'rgba(21, 130, 60, 0.85)';

/** Never answered and not marked changed: taught (shown, then asked) before it is asked. */
export const isNewItem = (item: DrillItem): boolean => item.state === 0 && !item.changed;

/** What the board draws at each step: the answers' arrows and the study's shapes. */
export function teachingMarks(
  step: 'learning' | 'asking' | 'right' | 'retry' | 'other',
  item: DrillItem | undefined,
  played?: AnnotatedAnswer,
): { arrows: BoardArrow[]; squareStyles: Record<string, CSSProperties> } {
  if (!item) return { arrows: [], squareStyles: {} };
  const answerArrows = () =>
    item.answers.map((a): BoardArrow => {
      const { from, to } = arrowSquares(item.fen, a.uci);
      return { startSquare: from, endSquare: to, color: ANSWER_ARROW };
    });
  switch (step) {
    case 'learning':
    case 'retry': {
      const drawn = studyShapesOnBoard(item.answers.flatMap((a) => a.shapes));
      return { arrows: [...answerArrows(), ...drawn.arrows], squareStyles: drawn.squareStyles };
    }
    case 'asking':
      return studyShapesOnBoard(item.before.shapes);
    case 'right':
      return studyShapesOnBoard(played?.shapes ?? []);
    case 'other':
      return { arrows: [], squareStyles: {} };
  }
}

/** Learn: the repertoire's move(s) here, with what the study says, before the position is asked. */
export function LearnPanel({ item, onReady }: { item: DrillItem; onReady: () => void }) {
  return (
    <div className="drill-learn" data-testid="drill-learn">
      <p className="drill-learn-title">
        New position: your repertoire plays{' '}
        <strong>{item.answers.map((a) => a.san + a.glyphs.join('')).join(' or ')}</strong> here.
      </p>
      <StudyComment comment={item.before.comment} title="Before this move" testId="drill-before" />
      <TrapNote trap={item.trap} testId="drill-trap" />
      <AnswerComments answers={item.answers} />
      <button type="button" className="button button-primary" onClick={onReady} autoFocus>
        Got it, ask me
      </button>
    </div>
  );
}

/** What the study says about each of the given answers (nothing for an answer it says nothing about). */
export function AnswerComments({ answers }: { answers: readonly AnnotatedAnswer[] }) {
  return (
    <>
      {answers.map((a) => (
        <StudyComment key={a.uci} comment={a.comment} glyphs={a.glyphs} title={a.san} testId="drill-answer-comment" />
      ))}
    </>
  );
}
