import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callData } from '../../../lib/api';
import { accountDataApi, type AllImportCounts } from '@contract/account-data';

export type ImportCounts = AllImportCounts;

/** Merges an export document into the player's account; answers the rows added per kind. */
export async function importData(document: unknown): Promise<ImportCounts> {
  // Sent as parsed: the server says what is wrong with a file that is not an export.
  return callData(accountDataApi.importData, { body: document as Record<string, unknown> });
}

/** Imports, then refetches everything: cards, reviews, studies and names may all have changed. */
export function useImportData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importData,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** The file's text as JSON, or a message a person can act on. */
export function parseExportFile(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, error: 'This file is not JSON: choose a file made by Download export.' };
  }
}
