import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  coverageGoalApi,
  type Expected,
  type ExpectedPoint,
  type Goal,
  type Trap,
  type TrimRow,
} from '@contract/coverage-goal';
import { callData } from '../../../lib/api';
import { coverageGoalKey } from '../../../lib/coverage-latest';
import { undoEdit } from '../../../lib/repertoire-edits';
import type { Color } from './types';

export type { Expected, ExpectedPoint, Goal, Trap, TrimRow };

export { coverageGoalKey };

export const getGoalQueryOptions = (color: Color) =>
  queryOptions({
    queryKey: [...coverageGoalKey(color), 'goal'],
    queryFn: () => callData(coverageGoalApi.goal, { query: { color } }),
  });
export const useGoal = (color: Color) => useQuery(getGoalQueryOptions(color));

export const getExpectedQueryOptions = (color: Color) =>
  queryOptions({
    queryKey: [...coverageGoalKey(color), 'expected'],
    queryFn: () => callData(coverageGoalApi.expected, { query: { color } }),
  });
export const useExpected = (color: Color) => useQuery(getExpectedQueryOptions(color));

export const getTrimQueryOptions = (color: Color) =>
  queryOptions({
    queryKey: [...coverageGoalKey(color), 'trim'],
    queryFn: () => callData(coverageGoalApi.trim, { query: { color } }),
  });
export const useTrim = (color: Color) => useQuery(getTrimQueryOptions(color));

export const getTrapsQueryOptions = (color: Color) =>
  queryOptions({
    queryKey: [...coverageGoalKey(color), 'traps'],
    queryFn: () => callData(coverageGoalApi.traps, { query: { color } }),
  });
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
  useRepertoireChange(async ({ color, goal }: { color: Color; goal: number | null }) =>
    callData(coverageGoalApi.setGoal, { body: { color, goal } }),
  );

/** Trims the named lines, or without them every line below the goal but the dangerous ones. */
export const useTrimLines = () =>
  useRepertoireChange(async ({ color, lines }: { color: Color; lines?: string[] }) =>
    callData(coverageGoalApi.trimLines, { body: { color, ...(lines ? { lines } : {}) } }),
  );

/** Undoes the colour's last edit (a whole trim at once). */
export const useUndoEdit = () => useRepertoireChange(({ color }: { color: Color }) => undoEdit(color));
