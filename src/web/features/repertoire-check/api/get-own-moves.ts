import type { Color } from '@contract/common';
import { engineApi, type OwnMove } from '@contract/engine';
import { callData } from '../../../lib/api';

/** The player's own repertoire moves of a colour, likeliest position first. */
export async function getOwnMoves(color: Color, limit: number): Promise<OwnMove[]> {
  return callData(engineApi.ownMoves, { query: { color, limit } });
}
