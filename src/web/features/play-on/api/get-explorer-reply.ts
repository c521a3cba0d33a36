import type { Color } from '@contract/common';
import { repertoireApi, type ExplorerAnswer, type ExplorerQuery } from '@contract/repertoire';
import { callData } from '../../../lib/api';
import { errorText, isApiError } from '../../../lib/api-client';

/** The speeds and rating bands of the player's latest coverage check ('' for the server's defaults). */
export type Bands = { speeds: string; ratings: string };

/** The explorer's figures at a position, or why there are none to play from. */
export type ExplorerFigures = { answer: NonNullable<ExplorerAnswer> } | { answer: null; why: string };

/**
 * The Lichess database at the player's bands: the shared cache first, else a look-up with the player's
 * token (the server paces it with every other look-up). Never throws: a failure is a reason to hand
 * the game to the engine.
 */
export async function getExplorerFigures(color: Color, fen: string, bands: Bands): Promise<ExplorerFigures> {
  const query: ExplorerQuery = {
    color,
    fen,
    db: 'lichess',
    ...(bands.speeds ? { speeds: bands.speeds } : {}),
    ...(bands.ratings ? { ratings: bands.ratings } : {}),
  };
  try {
    const answer =
      (await callData(repertoireApi.explorer, { query })) ??
      (await callData(repertoireApi.explorerLookUp, { body: query }));
    return answer ? { answer } : { answer: null, why: 'the explorer has no figures here' };
  } catch (error) {
    if (isApiError(error) && error.status === 409)
      return { answer: null, why: 'the explorer needs your Lichess account, connected on Manage Openings' };
    if (isApiError(error) && error.status === 429) return { answer: null, why: 'the explorer is busy' };
    return { answer: null, why: isApiError(error) ? 'the explorer did not answer' : errorText(error) };
  }
}
