// The one client of GET /api/coverage/latest, shared by the coverage screens and the repertoire
// workshop (which reads its speeds and rating bands): each keeps its own query (key, polling).
import type { QueryClient } from '@tanstack/react-query';
import type { Color } from '@contract/common';
import { coverageApi, type CoverageRun } from '@contract/coverage';
import { callData } from './api';

export type { CoverageRun };

/** The player's latest coverage check of one colour (running or ended); null before the first. */
export async function getCoverageLatest(color: Color): Promise<CoverageRun | null> {
  return (await callData(coverageApi.latest, { query: { color } })) ?? null;
}

/** The coverage screens' query of the latest check: its holes are marked answered as edits answer them. */
export const coverageLatestQueryKey = (color: Color) => ['coverage-latest', color] as const;

/** Every query of the coverage goal, by colour (needed holes left, expected score, trim, traps). */
export const coverageGoalKey = (color: Color) => ['coverage-goal', color] as const;

/** After an edit of the colour's repertoire: the latest check's holes and goal figures are read again. */
export function refreshCoverage(client: QueryClient, color: Color): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: coverageLatestQueryKey(color) }),
    client.invalidateQueries({ queryKey: coverageGoalKey(color) }),
  ]);
}
