import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPostJson } from '../../../lib/api-client';
import { drillQueryKey, type DrillAnswerResult } from './types';

export type DrillAnswerInput = { id: number; uci: string; rating?: 2 | 3 | 4 };

/** Grades a move on the server: wrong is Again, right is the rating chosen (Good by default). */
export async function answerDrill(input: DrillAnswerInput): Promise<DrillAnswerResult> {
  return (await apiPostJson<{ api_data: DrillAnswerResult }>('/api/drill/answer', input)).api_data;
}

export function useAnswerDrill() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: answerDrill,
    onSuccess: () => client.invalidateQueries({ queryKey: drillQueryKey }),
  });
}
