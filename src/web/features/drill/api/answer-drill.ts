import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answerDrill } from '../../../lib/drill';
import { drillQueryKey } from './types';

/** Grades a move on the server, then reads the drill's items and counts again. */
export function useAnswerDrill() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: answerDrill,
    onSuccess: () => client.invalidateQueries({ queryKey: drillQueryKey }),
  });
}
