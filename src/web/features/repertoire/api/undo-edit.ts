import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import type { EditAnswer } from '@contract/repertoire';
import { apiPostJson } from '../../../lib/api-client';
import { refreshAfterEdit } from './edit-repertoire';

/** Drops the colour's last edit. */
export async function undoEdit(color: Color): Promise<EditAnswer> {
  return (await apiPostJson<{ api_data: EditAnswer }>('/api/repertoire/undo', { color })).api_data;
}

export function useUndoEdit(color: Color) {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => undoEdit(color), onSettled: () => refreshAfterEdit(client, color) });
}
