import { useMutation } from '@tanstack/react-query';
import type { EditAnswer, EditRequest } from '@contract/repertoire';
import { editRepertoire } from '../../../lib/repertoire-edits';

/** Adds every move of a line to the colour's repertoire (the workshop's edit). */
export async function addToRepertoire(input: Pick<EditRequest, 'color' | 'line'>): Promise<EditAnswer> {
  return editRepertoire({ ...input, op: 'add' });
}

export const useAddToRepertoire = () => useMutation({ mutationFn: addToRepertoire });
