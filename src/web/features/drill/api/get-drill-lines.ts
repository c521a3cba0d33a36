import type { DrillLinesRequest } from '@contract/drill-lines';
import { apiPostJson } from '../../../lib/api-client';
import type { DrillColor, DrillItem } from './types';

/** Lines mode: the items of the player's positions along the lines, due or not, in the order the lines meet them. */
export async function getDrillLines(color: DrillColor, lines: string[]): Promise<DrillItem[]> {
  const body: DrillLinesRequest = { color, lines };
  return (await apiPostJson<{ api_data: DrillItem[] }>('/api/drill/lines', body)).api_data;
}
