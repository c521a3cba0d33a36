import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import { repertoireApi, type PushAnswer } from '@contract/repertoire';
import { callData } from '../../../lib/api';
import { repertoireQueryKey } from './repertoire-keys';

/** Writes the additions chapter to the colour's Lichess study. */
export async function pushRepertoire(color: Color): Promise<PushAnswer> {
  return callData(repertoireApi.push, { body: { color } });
}

export function usePushRepertoire(color: Color) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => pushRepertoire(color),
    onSettled: () => client.invalidateQueries({ queryKey: [...repertoireQueryKey(color), 'edits'] }),
  });
}
