import { useState } from 'react';
import { Board, type BoardArrow, type BoardMove } from '../../../components/board';
import { errorText } from '../../../lib/api-client';
import { answerDrill } from '../api/answers';
import type { DrillItem, DrillMove } from '../api/types';
import { OpeningLine } from '../../../components/opening-line';

const ARROW_COLOR = 'rgba(21, 130, 60, 0.85)';
const RIGHT_PAUSE_MS = 600;

/**
 * One drill position: the player moves; the server grades it (a move outside the repertoire rates
 * Again). Wrong shows the repertoire move with an arrow and has the player play it before going on.
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
  const [phase, setPhase] = useState<'asking' | 'checking' | 'right' | 'retry'>('asking');
  const [answers, setAnswers] = useState<DrillMove[]>(item.answers);
  const [note, setNote] = useState('');

  const play = async (move: BoardMove) => {
    if (phase === 'asking') {
      setFen(move.fen);
      setPhase('checking');
      try {
        const result = await answerDrill({ id: item.id, uci: move.uci });
        if (result.correct) {
          setPhase('right');
          setNote(`Right: ${move.san}`);
          setTimeout(() => onDone(true), RIGHT_PAUSE_MS);
        } else {
          setAnswers(result.answers);
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
      if (answers.some((a) => a.san === move.san)) {
        setFen(move.fen);
        setPhase('right');
        setNote(`That's it: ${move.san}`);
        setTimeout(() => onDone(false), RIGHT_PAUSE_MS);
      } else {
        setNote(`Not ${move.san}: play ${answers.map((a) => a.san).join(' or ')}.`);
      }
    }
  };

  const arrows: BoardArrow[] =
    phase === 'retry'
      ? answers.map((a) => ({ startSquare: a.uci.slice(0, 2), endSquare: a.uci.slice(2, 4), color: ARROW_COLOR }))
      : [];
  const playable = phase === 'asking' || phase === 'retry';

  return (
    <div className="board-layout today-step" data-testid="today-drill-step">
      <div className="board-layout-main">
        <OpeningLine opening={item.opening ?? null} />
        <Board
          id="today-drill-board"
          fen={fen}
          orientation={item.color}
          onMove={playable ? (move) => void play(move) : undefined}
          onIllegalMove={setNote}
          arrows={arrows}
          label={`Drill board, ${item.color}`}
        />
      </div>
      <div className="board-layout-side today-side">
        <p className="today-step-kind">
          {fresh ? 'New position' : 'Drill'} · {item.color === 'white' ? 'White' : 'Black'} repertoire
        </p>
        <p className="today-prompt">
          {phase === 'retry' ? 'Play the repertoire move' : `Your move (move ${item.move_number})`}
        </p>
        <p className="muted today-line">{item.line || 'Start of the chapter'}</p>
        {fresh && phase === 'asking' && (
          <p className="muted">New to you: your repertoire plays {item.answers.map((a) => a.san).join(' or ')} here.</p>
        )}
        <p
          className={`today-note${phase === 'right' ? ' is-right' : phase === 'retry' ? ' is-wrong' : ''}`}
          role="status"
          data-testid="today-drill-note"
        >
          {note}
        </p>
      </div>
    </div>
  );
}
