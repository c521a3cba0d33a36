import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import type { EditAnswer, EditRequest } from '@contract/repertoire';
import { refreshCoverage } from '../../../lib/coverage-latest';
import { editRepertoire } from '../../../lib/repertoire-edits';
import { repertoireQueryKey } from './repertoire-keys';

/**
 * What an edit changes: the workshop's tree and edit list, and the screens that read the edited
 * repertoire (the drill syncs at once on the server; its cached items and counts are refetched, and
 * so are the latest coverage check's holes and goal figures).
 */
export function refreshAfterEdit(client: QueryClient, color: Color): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: repertoireQueryKey(color) }),
    client.invalidateQueries({ queryKey: ['drill'] }),
    refreshCoverage(client, color),
  ]);
}

/** Runs edits one after another (keeping one answer removes the others), then refreshes once. */
export function useEditRepertoire(color: Color) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (edits: Omit<EditRequest, 'color'>[]) => {
      let answer: EditAnswer | undefined;
      for (const edit of edits) answer = await editRepertoire({ ...edit, color });
      return answer;
    },
    onSettled: () => refreshAfterEdit(client, color),
  });
}
