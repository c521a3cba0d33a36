import { useState } from 'react';
import { Board, type BoardArrow, type BoardMove } from '../../../components/board';
import { StudyComment, studyShapesOnBoard, TrapNote } from '../../../components/study-note';
import { errorText } from '../../../lib/api-client';
import { answerDrill } from '../../../lib/drill';
import type { DrillItem, DrillMove } from '../api/types';
import { OpeningLine } from '../../../components/opening-line';

const ARROW_COLOR = 'rgba(21, 130, 60, 0.85)';
const RIGHT_PAUSE_MS = 600;

type Phase = 'learning' | 'asking' | 'checking' | 'right' | 'retry';

/**
 * One drill position. A New one is taught first: the repertoire's move shown with an arrow and what the
 * study says about it, then asked. The server grades the move (a move outside the repertoire rates
 * Again); wrong shows the repertoire move and has the player play it before going on. After a right
 * move the study's comment on it is shown, and the session waits for the player when there is one.
 */
export function DrillStep({
  item,
  fresh,
  onDone,
}: {
  item: DrillItem;
  fresh: boolean;
  onDone: (correct: boolean) => void;
}) {
  const [fen, setFen] = useState(item.fen);
  const [phase, setPhase] = useState<Phase>(fresh ? 'learning' : 'asking');
  const [answers, setAnswers] = useState<DrillMove[]>(item.answers);
  const [played, setPlayed] = useState<DrillMove>();
  const [firstTry, setFirstTry] = useState(true);
  const [note, setNote] = useState('');

  const right = (move: BoardMove, correct: boolean, text: string) => {
    const answer = answers.find((a) => a.uci === move.uci || a.san === move.san);
    setFen(move.fen);
    setPlayed(answer);
    setPhase('right');
    setNote(text);
    if (!answer || answer.comment === '') setTimeout(() => onDone(correct), RIGHT_PAUSE_MS);
  };

  const play = async (move: BoardMove) => {
    if (phase === 'asking') {
      setFen(move.fen);
      setPhase('checking');
      try {
        const result = await answerDrill({ id: item.id, uci: move.uci });
        if (result.correct) right(move, true, `Right: ${move.san}`);
        else {
          setFirstTry(false);
          if (result.item.answers.length > 0) setAnswers(result.item.answers);
          setFen(item.fen);
          setPhase('retry');
          setNote(`${move.san} is not in your repertoire. Play ${result.answers.map((a) => a.san).join(' or ')}.`);
        }
      } catch (e) {
        setFen(item.fen);
        setPhase('asking');
        setNote(errorText(e));
      }
    } else if (phase === 'retry') {
      if (answers.some((a) => a.san === move.san)) right(move, false, `That's it: ${move.san}`);
      else setNote(`Not ${move.san}: play ${answers.map((a) => a.san).join(' or ')}.`);
    }
  };

  const shown = phase === 'learning' || phase === 'retry';
  const drawn = studyShapesOnBoard(
    shown ? answers.flatMap((a) => a.shapes) : phase === 'right' ? (played?.shapes ?? []) : item.before.shapes,
  );
  const arrows: BoardArrow[] = [
    ...(shown
      ? answers.map((a) => ({ startSquare: a.uci.slice(0, 2), endSquare: a.uci.slice(2, 4), color: ARROW_COLOR }))
      : []),
    ...drawn.arrows,
  ];
  const playable = phase === 'asking' || phase === 'retry';
  const comments = (list: readonly DrillMove[]) =>
    list.map((a) => (
      <StudyComment key={a.uci} comment={a.comment} glyphs={a.glyphs} title={a.san} testId="today-answer-comment" />
    ));

  return (
    <div className="board-layout today-step" data-testid="today-drill-step" data-phase={phase}>
      <div className="board-layout-main">
        <OpeningLine opening={item.opening ?? null} />
        <Board
          id="today-drill-board"
          fen={fen}
          orientation={item.color}
          onMove={playable ? (move) => void play(move) : undefined}
          onIllegalMove={setNote}
          arrows={arrows}
          squareStyles={drawn.squareStyles}
          label={`Drill board, ${item.color}`}
          fitViewport
        />
      </div>
      <div className="board-layout-side today-side">
        <p className="today-step-kind">
          {fresh ? 'New position' : 'Drill'} · {item.color === 'white' ? 'White' : 'Black'} repertoire
        </p>
        <p className="today-prompt">
          {phase === 'learning'
            ? `Learn: your repertoire plays ${answers.map((a) => a.san).join(' or ')} here`
            : phase === 'retry'
              ? 'Play the repertoire move'
              : `Your move (move ${item.move_number})`}
        </p>
        <p className="muted today-line">{item.line || 'Start of the chapter'}</p>
        {(phase === 'learning' || phase === 'asking') && (
          <>
            <StudyComment comment={item.before.comment} title="Before this move" testId="today-before" />
            <TrapNote trap={item.trap} testId="today-trap" />
          </>
        )}
        {phase === 'learning' && (
          <>
            {comments(answers)}
            <button type="button" className="button button-primary" autoFocus onClick={() => setPhase('asking')}>
              Got it, ask me
            </button>
          </>
        )}
        <p
          className={`today-note${phase === 'right' ? ' is-right' : phase === 'retry' ? ' is-wrong' : ''}`}
          role="status"
          data-testid="today-drill-note"
        >
          {note}
        </p>
        {phase === 'retry' && comments(answers)}
        {phase === 'right' && played && played.comment !== '' && (
          <>
            {comments([played])}
            <button type="button" className="button button-primary" autoFocus onClick={() => onDone(firstTry)}>
              Next
            </button>
          </>
        )}
      </div>
    </div>
  );
}
