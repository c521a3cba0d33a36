import { queryOptions, useQuery } from '@tanstack/react-query';
import { drillApi } from '@contract/drill';
import { callData } from '../../../lib/api';
import { drillQueryKey, type DrillColor, type DrillSyncResult } from './types';

/** Brings the colour's deck in line with the stored study (400 when the colour has no study). */
export async function syncDrill(color: DrillColor): Promise<DrillSyncResult> {
  return callData(drillApi.sync, { body: { color } });
}

/** Synced once when the screen opens a colour; a study stored elsewhere already synced it. */
export const syncDrillQueryOptions = (color: DrillColor) =>
  queryOptions({
    queryKey: [...drillQueryKey, 'sync', color],
    queryFn: () => syncDrill(color),
    retry: false,
    staleTime: 60_000,
  });

/** Only asked when the colour has a study: without one the server has nothing to sync (400). */
export function useSyncDrill(color: DrillColor, enabled = true) {
  return useQuery({ ...syncDrillQueryOptions(color), enabled });
}
