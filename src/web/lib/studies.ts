import { queryOptions, useQuery } from '@tanstack/react-query';
import { studiesApi, type Studies } from '@contract/studies';
import { callData } from './api';

/** One cache entry for every screen that reads the studies: storing one refreshes them all. */
export const studiesQueryKey = ['studies'] as const;

/** The player's white and black studies; both null when the server could not read them. */
export async function getStudies(): Promise<Studies> {
  return (await callData(studiesApi.studies)) ?? { white: null, black: null };
}

export const getStudiesQueryOptions = () => queryOptions({ queryKey: studiesQueryKey, queryFn: getStudies });

export const useStudies = () => useQuery(getStudiesQueryOptions());
