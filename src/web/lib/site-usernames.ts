import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountApi } from '@contract/account';
import { call } from './api';
import { gameSettingsQueryKey } from './game-settings';
import { sessionQueryKey } from './session';
import type { SessionAnswer, User } from './session';

export function updateLichessUsername(username: string): Promise<unknown> {
  return call(accountApi.updateLichessUsername, { body: { username_lichess: username } });
}

export function updateChessDotComUsername(username: string): Promise<unknown> {
  return call(accountApi.updateChessDotComUsername, { body: { username_chess_dot_com: username } });
}

/** Saves the user's name on one site, then updates the cached user to match. */
export function useUpdateSiteUsername(site: 'lichess' | 'chesscom') {
  const queryClient = useQueryClient();
  const field: keyof User = site === 'lichess' ? 'username_lichess' : 'username_chess_dot_com';
  return useMutation({
    mutationFn: site === 'lichess' ? updateLichessUsername : updateChessDotComUsername,
    onSuccess: (_answer, username) => {
      queryClient.setQueryData<SessionAnswer>(sessionQueryKey, (old) =>
        old?.LoggedIn ? { ...old, user: { ...old.user, [field]: username } } : old,
      );
      // The automatic import follows the saved names (its sites, and whether it is on by default).
      void queryClient.invalidateQueries({ queryKey: gameSettingsQueryKey });
    },
  });
}
