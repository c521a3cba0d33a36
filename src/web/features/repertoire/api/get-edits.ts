import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import { repertoireApi, type Edit } from '@contract/repertoire';
import { callData } from '../../../lib/api';
import { repertoireQueryKey } from './repertoire-keys';

/** The edits kept for a colour, oldest first. */
export async function getEdits(color: Color): Promise<Edit[]> {
  return (await callData(repertoireApi.edits, { query: { color } })) ?? [];
}

export const getEditsQueryOptions = (color: Color) =>
  queryOptions({ queryKey: [...repertoireQueryKey(color), 'edits'], queryFn: () => getEdits(color) });

export const useEdits = (color: Color, enabled: boolean) => useQuery({ ...getEditsQueryOptions(color), enabled });
