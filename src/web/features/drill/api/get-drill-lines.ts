import { drillLinesApi } from '@contract/drill-lines';
import { callData } from '../../../lib/api';
import type { DrillColor, DrillItem } from './types';

/** Lines mode: the items of the player's positions along the lines, due or not, in the order the lines meet them. */
export async function getDrillLines(color: DrillColor, lines: string[]): Promise<DrillItem[]> {
  return callData(drillLinesApi.lines, { body: { color, lines } });
}
