import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { drillApi, type DrillSettings } from '@contract/drill';
import { callData } from '../../../lib/api';
import { drillQueryKey } from './types';

export type { DrillSettings };

export async function getDrillSettings(): Promise<DrillSettings> {
  return callData(drillApi.settings);
}

export const getDrillSettingsQueryOptions = () =>
  queryOptions({ queryKey: [...drillQueryKey, 'settings'], queryFn: getDrillSettings });

export function useDrillSettings() {
  return useQuery(getDrillSettingsQueryOptions());
}

export async function saveDrillSettings(settings: DrillSettings): Promise<DrillSettings> {
  return callData(drillApi.saveSettings, { body: settings });
}

export function useSaveDrillSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDrillSettings,
    onSuccess: () => client.invalidateQueries({ queryKey: drillQueryKey }),
  });
}
