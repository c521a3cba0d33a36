import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  engineApi,
  type PendingAnalysis,
  type PlyEval,
  type ReviewMistake,
  type StoredAnalysis,
} from '@contract/engine';
import { callData } from '../../../lib/api';
import { gameReviewsQueryKey } from './get-game-reviews';

/** The stored engine analysis of a review, or null before the first. */
export async function getGameAnalysis(reviewId: number): Promise<StoredAnalysis | null> {
  return callData(engineApi.analysis, { query: { game_review_id: reviewId } });
}

export const gameAnalysisQueryKey = (reviewId: number) => ['game-analysis', reviewId] as const;

export const getGameAnalysisQueryOptions = (reviewId: number) =>
  queryOptions({ queryKey: gameAnalysisQueryKey(reviewId), queryFn: () => getGameAnalysis(reviewId) });

export const useGameAnalysis = (reviewId: number) => useQuery(getGameAnalysisQueryOptions(reviewId));

export type SaveAnalysisInput = { game_review_id: number; depth: number; evals: PlyEval[] };

/** Stores what the engine found; answers the review's mistakes as they now are. */
export async function saveGameAnalysis(input: SaveAnalysisInput): Promise<ReviewMistake[]> {
  return (await callData(engineApi.saveAnalysis, { body: input })).mistakes;
}

export function useSaveGameAnalysis() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGameAnalysis,
    onSuccess: (_mistakes, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: gameReviewsQueryKey }),
        queryClient.invalidateQueries({ queryKey: gameAnalysisQueryKey(input.game_review_id) }),
        queryClient.invalidateQueries({ queryKey: pendingAnalysisQueryKey }),
      ]),
  });
}

export const pendingAnalysisQueryKey = ['game-analysis', 'pending'] as const;

export async function getPendingAnalysis(): Promise<PendingAnalysis> {
  return callData(engineApi.pendingAnalysis);
}

export const usePendingAnalysis = () => useQuery({ queryKey: pendingAnalysisQueryKey, queryFn: getPendingAnalysis });
