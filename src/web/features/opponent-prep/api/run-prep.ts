import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  opponentPrepApi,
  type PrepAnswer,
  type PrepFailure,
  type PrepProgress,
  type PrepRequest,
} from '@contract/opponent-prep';
import { ApiError } from '../../../lib/api-client';
import { callEvents } from '../../../lib/api';
import { prepQueryKey } from './prep-keys';

/**
 * Runs a preparation on the server's stream: progress events while it fetches and compares, then the
 * answer. A failure (unknown name, failing site) is thrown as an ApiError with the server's status.
 */
export async function runPrep(input: PrepRequest, onProgress: (progress: PrepProgress) => void): Promise<PrepAnswer> {
  let answer: PrepAnswer | undefined;
  let failure: PrepFailure | undefined;
  await callEvents(opponentPrepApi.stream, { body: input }, ({ event, data }) => {
    if (event === 'progress') onProgress(data as PrepProgress);
    else if (event === 'result') answer = (data as { api_data: PrepAnswer }).api_data;
    else if (event === 'failure') failure = data as PrepFailure;
  });
  if (answer) return answer;
  if (failure) throw new ApiError('http', failure.status, failure.error, failure);
  throw new ApiError('network', 0, 'The server stopped before the preparation was done: try again');
}

export function useRunPrep(onProgress: (progress: PrepProgress) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PrepRequest) => runPrep(input, onProgress),
    onSuccess: (answer) => {
      client.setQueryData([...prepQueryKey, 'one', answer.id], answer);
      void client.invalidateQueries({ queryKey: [...prepQueryKey, 'recent'] });
    },
  });
}
