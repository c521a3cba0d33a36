import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import type { StarterBuild } from '@contract/starter';
import { apiPostJson } from '../../../lib/api-client';
import { starterQueryKey } from './get-starter';

/** Ends the colour's running build; what it found so far is kept. */
export async function stopStarter(color: Color): Promise<StarterBuild | null> {
  return (await apiPostJson<{ api_data: StarterBuild | null }>('/api/repertoire/starter/stop', { color })).api_data;
}

export function useStopStarter(color: Color) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => stopStarter(color),
    onSuccess: (build) => client.setQueryData(starterQueryKey(color), build),
  });
}
