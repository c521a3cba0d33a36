import { winChance } from '../../../../chess/win-chance';
import { evalPawns, evalText } from '../../../lib/engine/eval-text';
import type { WhiteEvaluation } from '../../../lib/engine/uci-lines';

/** A vertical bar beside the board: White's share is its win chance, White's end toward White's side of the board. */
export function EvalBar({
  evaluation,
  toMove,
  orientation,
}: {
  evaluation: WhiteEvaluation | undefined;
  toMove: 'white' | 'black';
  orientation: 'white' | 'black';
}) {
  const white = evaluation ? winChance(evalPawns(evaluation, toMove) * 100) : 50;
  const text = evaluation ? evalText(evaluation) : 'not evaluated';
  return (
    <div
      className={`gr-eval-bar${orientation === 'black' ? ' is-flipped' : ''}`}
      role="meter"
      aria-label="Evaluation (White's side)"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(white)}
      aria-valuetext={text}
      title={text}
    >
      <div className="gr-eval-bar-white" style={{ height: `${white}%` }} />
      <span className="gr-eval-bar-text">{evaluation ? evalText(evaluation) : ''}</span>
    </div>
  );
}
