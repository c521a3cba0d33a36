// Evaluations of the candidate replies in a position: Lichess's cloud evaluation where it has the
// move among its lines, the tab's engine for the rest (one search restricted to those moves), and
// the position's best (cloud, else the engine unrestricted).
import { useEffect, useState } from 'react';
import type { Candidate, CloudEval } from '@contract/engine';
import type { Evaluation } from '../../../../chess/win-chance';
import { getEngine } from '../../../lib/engine/uci-engine';
import { engineUci } from '../../../lib/engine/uci-lines';

export const SUGGESTION_DEPTH = 12;
/** Replies weighed at most: the most played ones. */
export const MAX_CANDIDATES = 5;

export type CandidateEval = { evaluation: Evaluation; source: 'cloud' | 'engine' };

export type CandidateEvals = {
  /** By the candidate's UCI as the explorer writes it. */
  byUci: Map<string, CandidateEval>;
  best: Evaluation | undefined;
  /** True while the engine still works on some of them. */
  pending: boolean;
};

const fromPv = (pv: CloudEval['pvs'][number]): Evaluation => ('mate' in pv ? { mate: pv.mate } : { cp: pv.cp });

export function useCandidateEvals(
  fen: string,
  candidates: readonly Candidate[] | undefined,
  cloud: CloudEval | null | undefined,
): CandidateEvals {
  const [engine, setEngine] = useState<{ key: string; byUci: Map<string, Evaluation>; best?: Evaluation }>();
  const ready = candidates !== undefined && cloud !== undefined;
  const cloudByMove = new Map((cloud?.pvs ?? []).map((pv) => [pv.moves.split(' ')[0], fromPv(pv)]));
  const missing = (candidates ?? []).filter((c) => !cloudByMove.has(engineUci(fen, c.uci)));
  const key = `${fen}|${missing.map((c) => c.uci).join(',')}|${cloud ? 'cloud' : 'none'}`;
  const needBest = !cloud?.pvs.length;

  useEffect(() => {
    if (!ready || (missing.length === 0 && !needBest)) return;
    const jobs: { stop: () => void }[] = [];
    let live = true;
    void (async () => {
      const byUci = new Map<string, Evaluation>();
      let best: Evaluation | undefined;
      const engine = getEngine();
      if (missing.length > 0) {
        const moves = missing.map((c) => engineUci(fen, c.uci));
        const job = engine.analyse({ fen, depth: SUGGESTION_DEPTH, multiPv: moves.length, searchMoves: moves });
        jobs.push(job);
        const result = await job.result;
        for (const line of result.lines) {
          const candidate = missing[moves.indexOf(line.pv[0])];
          if (candidate) byUci.set(candidate.uci, line.evaluation);
        }
      }
      if (needBest && live) {
        const job = engine.analyse({ fen, depth: SUGGESTION_DEPTH });
        jobs.push(job);
        best = (await job.result).lines[0]?.evaluation;
      }
      if (live) setEngine({ key, byUci, best });
    })().catch(() => undefined);
    return () => {
      live = false;
      for (const job of jobs) job.stop();
    };
    // `key` names everything the search depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ready]);

  const mine = engine?.key === key ? engine : undefined;
  const byUci = new Map<string, CandidateEval>();
  for (const c of candidates ?? []) {
    const fromCloud = cloudByMove.get(engineUci(fen, c.uci));
    if (fromCloud) byUci.set(c.uci, { evaluation: fromCloud, source: 'cloud' });
    else if (mine?.byUci.has(c.uci)) byUci.set(c.uci, { evaluation: mine.byUci.get(c.uci)!, source: 'engine' });
  }
  const best = cloud?.pvs.length ? fromPv(cloud.pvs[0]) : mine?.best;
  const pending = !ready || ((missing.length > 0 || needBest) && !mine);
  return { byUci, best, pending };
}
