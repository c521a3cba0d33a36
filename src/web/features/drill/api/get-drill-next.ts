import { apiGet } from '../../../lib/api-client';
import { browserTimeZone } from '../../../lib/time-zone';
import type { DrillColor, DrillItem } from './types';

/** Position mode: due items first, then New ones within the day's allowance. Read afresh after every answer. */
export async function getDrillNext(color: DrillColor, limit = 20): Promise<DrillItem[]> {
  return (await apiGet<{ api_data: DrillItem[] }>('/api/drill/next', { color, limit, tz: browserTimeZone() })).api_data;
}
