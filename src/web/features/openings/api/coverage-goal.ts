import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Expected, ExpectedPoint, Goal, Trap, TrimAnswer, TrimRow } from '@contract/coverage-goal';
import { apiGet, apiPostJson } from '../../../lib/api-client';
import type { Color } from './types';

export type { Expected, ExpectedPoint, Goal, Trap, TrimRow };

/** Every query of the coverage goal, by colour: a goal change or a trim reads them all again. */
export const coverageGoalKey = (color: Color) => ['coverage-goal', color] as const;

const read = async <T>(path: string, color: Color): Promise<T> =>
  (await apiGet<{ api_data: T }>(`/api/repertoire/${path}`, { color })).api_data;

export const getGoalQueryOptions = (color: Color) =>
  queryOptions({ queryKey: [...coverageGoalKey(color), 'goal'], queryFn: () => read<Goal>('goal', color) });
export const useGoal = (color: Color) => useQuery(getGoalQueryOptions(color));

export const getExpectedQueryOptions = (color: Color) =>
  queryOptions({
    queryKey: [...coverageGoalKey(color), 'expected'],
    queryFn: () => read<Expected | null>('expected', color),
  });
export const useExpected = (color: Color) => useQuery(getExpectedQueryOptions(color));

export const getTrimQueryOptions = (color: Color) =>
  queryOptions({ queryKey: [...coverageGoalKey(color), 'trim'], queryFn: () => read<TrimRow[]>('trim', color) });
export const useTrim = (color: Color) => useQuery(getTrimQueryOptions(color));

export const getTrapsQueryOptions = (color: Color) =>
  queryOptions({ queryKey: [...coverageGoalKey(color), 'traps'], queryFn: () => read<Trap[]>('traps', color) });
export const useTraps = (color: Color) => useQuery(getTrapsQueryOptions(color));

/**
 * Changes that alter the repertoire or the goal: every figure of the colour is read again, and so
 * is the rest of the app's data about the repertoire (the drill, the latest check's holes).
 */
function useRepertoireChange<A, R>(mutationFn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries() });
}

/** Sets the colour's goal (0..1); null goes back to the band's. */
export const useSetGoal = () =>
  useRepertoireChange(
    async ({ color, goal }: { color: Color; goal: number | null }) =>
      (await apiPostJson<{ api_data: Goal }>('/api/repertoire/goal', { color, goal })).api_data,
  );

/** Trims the named lines, or without them every line below the goal but the dangerous ones. */
export const useTrimLines = () =>
  useRepertoireChange(
    async ({ color, lines }: { color: Color; lines?: string[] }) =>
      (await apiPostJson<{ api_data: TrimAnswer }>('/api/repertoire/trim', { color, ...(lines ? { lines } : {}) }))
        .api_data,
  );

/** Undoes the colour's last edit (a whole trim at once). */
export const useUndoEdit = () =>
  useRepertoireChange(async ({ color }: { color: Color }) => apiPostJson('/api/repertoire/undo', { color }));
