// The one client of GET /api/coverage/latest, shared by the coverage screens and the repertoire
// workshop (which reads its speeds and rating bands): each keeps its own query (key, polling).
import type { Color } from '@contract/common';
import { coverageApi, type CoverageRun } from '@contract/coverage';
import { callData } from './api';

export type { CoverageRun };

/** The player's latest coverage check of one colour (running or ended); null before the first. */
export async function getCoverageLatest(color: Color): Promise<CoverageRun | null> {
  return (await callData(coverageApi.latest, { query: { color } })) ?? null;
}
