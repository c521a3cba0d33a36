import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import { getCoverageLatest } from '../../../lib/coverage-latest';
import type { Bands } from './get-explorer-reply';

/** The bands the explorer and the engine play at: the latest coverage check's, else the defaults. */
export async function getBands(color: Color): Promise<Bands> {
  const latest = await getCoverageLatest(color);
  return { speeds: latest?.speeds ?? '', ratings: latest?.ratings ?? '' };
}

export const getBandsQueryOptions = (color: Color) =>
  queryOptions({ queryKey: ['play-on-bands', color], queryFn: () => getBands(color), staleTime: 300_000 });

export const useBands = (color: Color) => useQuery(getBandsQueryOptions(color));
