// Every position of a game through the tab's engine at one depth, in order, reporting each as it is
// done; stopping keeps what was found. The result is what POST /api/game-analysis takes.
import type { PlyEval } from '@contract/engine';
import { getEngine, type EngineJob } from '../../../lib/engine/uci-engine';

export type AnalysedPly = PlyEval & { pv: string[] };

export type GameAnalysisRun = {
  /** Resolves with every position evaluated, from ply 0 on (all of them unless stopped). */
  done: Promise<AnalysedPly[]>;
  stop: () => void;
};

/** `fens[i]` is the position after i half-moves (fens[0] the start). */
export function analyseGame(
  fens: readonly string[],
  depth: number,
  onPly: (ply: AnalysedPly, done: number, total: number) => void,
): GameAnalysisRun {
  const engine = getEngine();
  let stopped = false;
  let job: EngineJob | undefined;
  const done = (async () => {
    engine.newGame();
    const found: AnalysedPly[] = [];
    for (let ply = 0; ply < fens.length && !stopped; ply++) {
      job = engine.analyse({ fen: fens[ply], depth });
      const result = await job.result;
      const best = result.lines[0];
      if (result.stopped || !best) break;
      const entry: AnalysedPly = {
        ply,
        ...(best.evaluation.mate !== undefined ? { mate: best.evaluation.mate } : { cp: best.evaluation.cp }),
        best_uci: result.bestMove,
        pv: best.pv,
      };
      found.push(entry);
      onPly(entry, found.length, fens.length);
    }
    return found;
  })();
  return {
    done,
    stop: () => {
      stopped = true;
      job?.stop();
    },
  };
}
