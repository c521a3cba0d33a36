import { drillApi } from '@contract/drill';
import { callData } from '../../../lib/api';
import { browserTimeZone } from '../../../lib/time-zone';
import type { DrillColor, DrillLine } from './types';

/** Line mode: the moves from `fen` (a chapter start when left out) to the next position to ask. */
export async function getDrillLine(color: DrillColor, fen?: string): Promise<DrillLine> {
  return callData(drillApi.line, { query: { color, fen, tz: browserTimeZone() } });
}
