import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { todayApi, type SchedulerAnswer } from '@contract/today';
import { callData } from '../../../lib/api';
import { getScheduler } from '../../../lib/scheduler';

export const schedulerQueryKey = ['scheduler'] as const;

export const getSchedulerQueryOptions = () => queryOptions({ queryKey: schedulerQueryKey, queryFn: getScheduler });

export function useScheduler() {
  return useQuery(getSchedulerQueryOptions());
}

/** Fits the weights to the player's history (400 reviews or more); a 400 says why not. */
export async function optimiseSchedule(): Promise<SchedulerAnswer> {
  return callData(todayApi.optimiseScheduler, { body: {} });
}

export async function resetSchedule(): Promise<SchedulerAnswer> {
  return callData(todayApi.resetScheduler, { body: {} });
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
