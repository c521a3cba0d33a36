import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import { undoEdit } from '../../../lib/repertoire-edits';
import { refreshAfterEdit } from './edit-repertoire';

/** Drops the colour's last edit. */
export function useUndoEdit(color: Color) {
  const client = useQueryClient();
  return useMutation({ mutationFn: () => undoEdit(color), onSettled: () => refreshAfterEdit(client, color) });
}
