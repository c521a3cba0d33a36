// Each own repertoire move against the tab's engine: the position's best, then (unless the move is
// the best) the move itself, both at one depth; a move that loses a pawn or more is dubious.
import type { OwnMove } from '@contract/engine';
import { isDubious, moveLoss } from '../../../../chess/move-loss';
import type { Evaluation } from '../../../../chess/win-chance';
import { getEngine, type EngineJob } from '../../../lib/engine/uci-engine';
import { engineUci } from '../../../lib/engine/uci-lines';

export const CHECK_DEPTH = 14;

export type CheckedMove = OwnMove & {
  best: Evaluation;
  bestUci: string | null;
  after: Evaluation;
  /** Centipawns lost against the engine's best. */
  loss: number;
  dubious: boolean;
};

export type MoveCheckRun = { done: Promise<CheckedMove[]>; stop: () => void };

export function checkMoves(
  moves: readonly OwnMove[],
  color: 'white' | 'black',
  onMove: (checked: CheckedMove, done: number) => void,
  depth = CHECK_DEPTH,
): MoveCheckRun {
  const engine = getEngine();
  let stopped = false;
  let job: EngineJob | undefined;
  const done = (async () => {
    const checked: CheckedMove[] = [];
    for (const move of moves) {
      if (stopped) break;
      const uci = engineUci(move.fen, move.uci);
      job = engine.analyse({ fen: move.fen, depth });
      const best = await job.result;
      if (best.stopped || !best.lines[0]) break;
      let after = best.lines[0].evaluation;
      if (best.bestMove !== uci) {
        job = engine.analyse({ fen: move.fen, depth, searchMoves: [uci] });
        const own = await job.result;
        if (own.stopped || !own.lines[0]) break;
        after = own.lines[0].evaluation;
      }
      const bestEval = best.lines[0].evaluation;
      const entry: CheckedMove = {
        ...move,
        best: bestEval,
        bestUci: best.bestMove,
        after,
        loss: moveLoss(bestEval, after, color),
        dubious: isDubious(bestEval, after, color),
      };
      checked.push(entry);
      onMove(entry, checked.length);
    }
    return checked;
  })();
  return {
    done,
    stop: () => {
      stopped = true;
      job?.stop();
    },
  };
}
