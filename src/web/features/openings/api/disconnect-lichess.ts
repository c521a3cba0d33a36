import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisconnectAnswer } from '@contract/lichess-connect';
import { apiPostJson } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

/** Revokes the player's Lichess token and forgets it (the user object then says not connected). */
export function disconnectLichess(): Promise<DisconnectAnswer> {
  return apiPostJson('/api/lichess/disconnect', {});
}

export function useDisconnectLichess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectLichess,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
