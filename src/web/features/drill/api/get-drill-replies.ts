import { drillLinesApi } from '@contract/drill-lines';
import { callData } from '../../../lib/api';
import type { DrillColor, DrillReplies } from './types';

/** All my replies: at `fen` (the opponent to move), the player's item after each repertoire reply, in the study's order. */
export async function getDrillReplies(color: DrillColor, fen: string): Promise<DrillReplies> {
  return callData(drillLinesApi.replies, { body: { color, fen } });
}
