import { useMutation } from '@tanstack/react-query';
import type { EditAnswer, EditRequest } from '@contract/repertoire';
import { apiPostJson } from '../../../lib/api-client';

/** Adds every move of a line to the colour's repertoire (the workshop's edit). */
export async function addToRepertoire(input: Pick<EditRequest, 'color' | 'line'>): Promise<EditAnswer> {
  const request: EditRequest = { ...input, op: 'add' };
  return (await apiPostJson<{ api_data: EditAnswer }>('/api/repertoire/edit', request)).api_data;
}

export const useAddToRepertoire = () => useMutation({ mutationFn: addToRepertoire });
