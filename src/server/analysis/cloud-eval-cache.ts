import type { FastifyInstance } from 'fastify';
import { positionKey } from '../../chess/index.js';
import type { CloudEvalBody } from '../sites/lichess.js';
import { playerSites } from '../sites/player-sites.js';
import { findCloudEval, saveCloudEval } from './cloud-evals-repository.js';

/**
 * Lichess's cloud evaluations through a cache shared by all players, keyed by position (move counters
 * left out: Lichess ignores them too) and number of lines. Lichess having none is cached for a day, so
 * a position it evaluates later is asked again; a failure is not cached at all.
 */

const NONE_KEPT_MS = 24 * 60 * 60 * 1000;

export async function cloudEvalOf(
  app: FastifyInstance,
  userId: number,
  fen: string,
  multiPv: number,
): Promise<CloudEvalBody | null> {
  const key = positionKey(fen);
  const cached = await findCloudEval(app.db, key, multiPv);
  if (cached && (cached.answer !== null || Date.now() - cached.fetchedAt.getTime() < NONE_KEPT_MS)) {
    return cached.answer;
  }
  const fetch = (await playerSites(app, userId)).lichess.fetchCloudEval;
  if (!fetch) return null;
  const result = await fetch(fen, multiPv);
  if (result.kind === 'failed') return null;
  const answer = result.kind === 'found' ? result.value : null;
  await saveCloudEval(app.db, key, multiPv, answer);
  return answer;
}
