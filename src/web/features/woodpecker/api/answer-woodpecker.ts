import { useMutation, useQueryClient } from '@tanstack/react-query';
import { woodpeckerApi, type WoodpeckerAttemptAnswer, type WoodpeckerAttemptRequest } from '@contract/woodpecker';
import { callData } from '../../../lib/api';
import { getWoodpeckerSetQueryOptions } from './get-woodpecker-set';
import { woodpeckerQueryKey } from './woodpecker-keys';

/** Sends the move played at a position of the set's current cycle, with the time taken. */
export async function answerWoodpecker(
  setId: number,
  input: WoodpeckerAttemptRequest,
): Promise<WoodpeckerAttemptAnswer> {
  // Kept alive: an answer on its way is not cancelled by a reload or a closed tab.
  return callData(woodpeckerApi.attempt, { params: { id: setId }, body: input }, { keepalive: true });
}

export function useAnswerWoodpecker(setId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WoodpeckerAttemptRequest) => answerWoodpecker(setId, input),
    onSuccess: (answer) => {
      client.setQueryData(getWoodpeckerSetQueryOptions(setId).queryKey, answer.set);
      void client.invalidateQueries({ queryKey: [...woodpeckerQueryKey, 'list'] });
    },
  });
}
