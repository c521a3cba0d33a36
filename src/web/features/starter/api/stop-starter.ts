import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import { starterApi, type StarterBuild } from '@contract/starter';
import { callData } from '../../../lib/api';
import { starterQueryKey } from './get-starter';

/** Ends the colour's running build; what it found so far is kept. */
export async function stopStarter(color: Color): Promise<StarterBuild | null> {
  return callData(starterApi.stop, { body: { color } });
}

export function useStopStarter(color: Color) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => stopStarter(color),
    onSuccess: (build) => client.setQueryData(starterQueryKey(color), build),
  });
}
