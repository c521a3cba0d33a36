import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import { repertoireApi, type PositionAnswer } from '@contract/repertoire';
import { positionKey } from '../../../../chess/fen';
import { callData } from '../../../lib/api';
import { isApiError } from '../../../lib/api-client';
import { repertoireQueryKey } from './repertoire-keys';

/**
 * The edited repertoire's moves at one position (none when the position is not in it), and its opening;
 * with `starter` (a build's id), the moves of that starter build's tree before it is kept.
 */
export async function getPosition(color: Color, fen: string, line = '', starter?: string): Promise<PositionAnswer> {
  return callData(repertoireApi.position, {
    query: { color, fen, ...(line ? { line } : {}), ...(starter ? { starter } : {}) },
  });
}

/** Keyed by the tree read, the position without move counters, and the line for the opening's name past the named positions. */
export const getPositionQueryOptions = (color: Color, fen: string, line = '', starter?: string) =>
  queryOptions({
    queryKey: [...repertoireQueryKey(color), 'position', starter ?? 'edited', positionKey(fen), line],
    queryFn: () => getPosition(color, fen, line, starter),
    staleTime: 30_000,
    // A build that is gone (404) stays gone: asking again changes nothing.
    ...(starter ? { retry: (count: number, error: Error) => count < 3 && !isApiError(error) } : {}),
  });

export const usePosition = (color: Color, fen: string, line = '', starter?: string) =>
  useQuery(getPositionQueryOptions(color, fen, line, starter));
