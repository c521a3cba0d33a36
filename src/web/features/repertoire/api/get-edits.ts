import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import type { Edit } from '@contract/repertoire';
import { apiGet } from '../../../lib/api-client';
import { repertoireQueryKey } from './repertoire-keys';

/** The edits kept for a colour, oldest first. */
export async function getEdits(color: Color): Promise<Edit[]> {
  return (await apiGet<{ api_data: Edit[] }>('/api/repertoire/edits', { color })).api_data ?? [];
}

export const getEditsQueryOptions = (color: Color) =>
  queryOptions({ queryKey: [...repertoireQueryKey(color), 'edits'], queryFn: () => getEdits(color) });

export const useEdits = (color: Color, enabled: boolean) => useQuery({ ...getEditsQueryOptions(color), enabled });
