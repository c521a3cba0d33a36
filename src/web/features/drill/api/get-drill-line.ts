import { apiGet } from '../../../lib/api-client';
import type { DrillColor, DrillLine } from './types';

/** Line mode: the moves from `fen` (a chapter start when left out) to the next position to ask. */
export async function getDrillLine(color: DrillColor, fen?: string): Promise<DrillLine> {
  return (await apiGet<{ api_data: DrillLine }>('/api/drill/line', { color, fen })).api_data;
}
