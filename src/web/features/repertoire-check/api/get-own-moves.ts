import type { Color } from '@contract/common';
import type { OwnMove } from '@contract/engine';
import { apiGet } from '../../../lib/api-client';

/** The player's own repertoire moves of a colour, likeliest position first. */
export async function getOwnMoves(color: Color, limit: number): Promise<OwnMove[]> {
  return (await apiGet<{ api_data: OwnMove[] }>('/api/engine/own-moves', { color, limit })).api_data;
}
