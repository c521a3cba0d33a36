import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import type { PushAnswer } from '@contract/repertoire';
import { apiPostJson } from '../../../lib/api-client';
import { repertoireQueryKey } from './repertoire-keys';

/** Writes the additions chapter to the colour's Lichess study. */
export async function pushRepertoire(color: Color): Promise<PushAnswer> {
  return (await apiPostJson<{ api_data: PushAnswer }>('/api/repertoire/push', { color })).api_data;
}

export function usePushRepertoire(color: Color) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => pushRepertoire(color),
    onSettled: () => client.invalidateQueries({ queryKey: [...repertoireQueryKey(color), 'edits'] }),
  });
}
