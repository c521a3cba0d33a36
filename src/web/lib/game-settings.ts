// The one client of the games settings (games that arrive by themselves), shared by the Account
// page, where the setting lives, and game review, which says whether it is on.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gameImportApi, type GameSettings, type GameSettingsRequest } from '@contract/game-import';
import { callData } from './api';

export type { GameSettings, SiteImport } from '@contract/game-import';

/** The setting's section on the Account page, where game review's "Change" link goes. */
export const AUTO_IMPORT_ANCHOR = 'auto-import';
export const AUTO_IMPORT_HREF = `/account#${AUTO_IMPORT_ANCHOR}`;

export const gameSettingsQueryKey = ['game-settings'] as const;

export async function getGameSettings(): Promise<GameSettings> {
  return callData(gameImportApi.settings);
}

export const getGameSettingsQueryOptions = () =>
  queryOptions({ queryKey: gameSettingsQueryKey, queryFn: getGameSettings });

export function useGameSettings() {
  return useQuery(getGameSettingsQueryOptions());
}

export async function saveGameSettings(request: GameSettingsRequest): Promise<GameSettings> {
  return callData(gameImportApi.saveSettings, { body: request });
}

export function useSaveGameSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGameSettings,
    onSuccess: (settings) => {
      // The answer shows at once; the reload picks up a fetch that turning it on may have started.
      queryClient.setQueryData(gameSettingsQueryKey, settings);
      return queryClient.invalidateQueries({ queryKey: gameSettingsQueryKey });
    },
  });
}
