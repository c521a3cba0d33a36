import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import { apiGet } from '../../../lib/api-client';

/** What the starter needs of a colour's study: that there is one. */
type StudyInfo = { color: Color; title: string };
type Studies = { white: StudyInfo | null; black: StudyInfo | null };

/** The player's two studies (the same call and cache entry as Manage Openings). */
export async function getStudies(): Promise<Studies> {
  const answer = await apiGet<{ api_data: Studies }>('/api/get-studies');
  return answer.api_data ?? { white: null, black: null };
}

export const getStudiesQueryOptions = () => queryOptions({ queryKey: ['studies'], queryFn: getStudies });

export const useStudies = () => useQuery(getStudiesQueryOptions());
