import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPostJson } from '../../../lib/api-client';
import { drillQueryKey } from './types';

export type DrillSettings = { new_per_day: number };

export async function getDrillSettings(): Promise<DrillSettings> {
  return (await apiGet<{ api_data: DrillSettings }>('/api/drill/settings')).api_data;
}

export const getDrillSettingsQueryOptions = () =>
  queryOptions({ queryKey: [...drillQueryKey, 'settings'], queryFn: getDrillSettings });

export function useDrillSettings() {
  return useQuery(getDrillSettingsQueryOptions());
}

export async function saveDrillSettings(settings: DrillSettings): Promise<DrillSettings> {
  return (await apiPostJson<{ api_data: DrillSettings }>('/api/drill/settings', settings)).api_data;
}

export function useSaveDrillSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveDrillSettings,
    onSuccess: () => client.invalidateQueries({ queryKey: drillQueryKey }),
  });
}
