import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lichessConnectApi, type DisconnectAnswer } from '@contract/lichess-connect';
import { call } from '../../../lib/api';
import { sessionQueryKey } from '../../../lib/session';

/** Revokes the player's Lichess token and forgets it (the user object then says not connected). */
export function disconnectLichess(): Promise<DisconnectAnswer> {
  return call(lichessConnectApi.disconnect, { body: {} });
}

export function useDisconnectLichess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectLichess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
