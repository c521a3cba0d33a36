import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import { repertoireApi, type PositionAnswer } from '@contract/repertoire';
import { positionKey } from '../../../../chess/fen';
import { callData } from '../../../lib/api';
import { repertoireQueryKey } from './repertoire-keys';

/** The edited repertoire's moves at one position (none when the position is not in it), and its opening. */
export async function getPosition(color: Color, fen: string, line = ''): Promise<PositionAnswer> {
  return callData(repertoireApi.position, { query: { color, fen, ...(line ? { line } : {}) } });
}

/** Keyed by the position without move counters, and the line for the opening's name past the named positions. */
export const getPositionQueryOptions = (color: Color, fen: string, line = '') =>
  queryOptions({
    queryKey: [...repertoireQueryKey(color), 'position', positionKey(fen), line],
    queryFn: () => getPosition(color, fen, line),
    staleTime: 30_000,
  });

export const usePosition = (color: Color, fen: string, line = '', enabled = true) =>
  useQuery({ ...getPositionQueryOptions(color, fen, line), enabled });
