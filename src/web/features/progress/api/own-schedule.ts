import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SchedulerAnswer } from '@contract/today';
import { apiGet, apiPostJson } from '../../../lib/api-client';

export const schedulerQueryKey = ['scheduler'] as const;

export async function getScheduler(): Promise<SchedulerAnswer> {
  return (await apiGet<{ api_data: SchedulerAnswer }>('/api/scheduler')).api_data;
}

export const getSchedulerQueryOptions = () => queryOptions({ queryKey: schedulerQueryKey, queryFn: getScheduler });

export function useScheduler() {
  return useQuery(getSchedulerQueryOptions());
}

/** Fits the weights to the player's history (400 reviews or more); a 400 says why not. */
export async function optimiseSchedule(): Promise<SchedulerAnswer> {
  return (await apiPostJson<{ api_data: SchedulerAnswer }>('/api/scheduler/optimise', {})).api_data;
}

export async function resetSchedule(): Promise<SchedulerAnswer> {
  return (await apiPostJson<{ api_data: SchedulerAnswer }>('/api/scheduler/reset', {})).api_data;
}

export function useOptimiseSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: optimiseSchedule,
    onSuccess: (answer) => client.setQueryData(schedulerQueryKey, answer),
  });
}

export function useResetSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resetSchedule,
    onSuccess: (answer) => client.setQueryData(schedulerQueryKey, answer),
  });
}
