import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import type { PositionAnswer } from '@contract/repertoire';
import { positionKey } from '../../../../chess/fen';
import { apiGet } from '../../../lib/api-client';
import { repertoireQueryKey } from './repertoire-keys';

/** The edited repertoire's moves at one position (none when the position is not in it). */
export async function getPosition(color: Color, fen: string): Promise<PositionAnswer> {
  return (await apiGet<{ api_data: PositionAnswer }>('/api/repertoire/position', { color, fen })).api_data;
}

/** Keyed by the position without move counters, so transpositions share one entry. */
export const getPositionQueryOptions = (color: Color, fen: string) =>
  queryOptions({
    queryKey: [...repertoireQueryKey(color), 'position', positionKey(fen)],
    queryFn: () => getPosition(color, fen),
    staleTime: 30_000,
  });

export const usePosition = (color: Color, fen: string, enabled = true) =>
  useQuery({ ...getPositionQueryOptions(color, fen), enabled });
