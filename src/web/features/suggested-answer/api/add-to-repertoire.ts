import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditAnswer, EditRequest } from '@contract/repertoire';
import { refreshCoverage } from '../../../lib/coverage-latest';
import { editRepertoire } from '../../../lib/repertoire-edits';

/** Adds every move of a line to the colour's repertoire (the workshop's edit). */
export async function addToRepertoire(input: Pick<EditRequest, 'color' | 'line'>): Promise<EditAnswer> {
  return editRepertoire({ ...input, op: 'add' });
}

/** Added beside Study next: its hole and the goal's count are read again, marked answered. */
export function useAddToRepertoire() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addToRepertoire,
    onSuccess: (_answer, { color }) => refreshCoverage(client, color),
  });
}
