import { useEffect, useRef, useState } from 'react';
import type { Color } from '@contract/common';
import type { ExplorerDb } from '@contract/repertoire';
import { positionKey } from '../../../../chess/fen';
import { errorText, isApiError } from '../../../lib/api-client';
import {
  lookAhead,
  useExplorer,
  useLookUpExplorer,
  type ExplorerFilters,
  type ExplorerSource,
} from '../api/get-explorer';

const DB_KEY = 'chess-prep.workshop-explorer-db';
const DBS: readonly ExplorerDb[] = ['lichess', 'masters', 'mine'];

const storedDb = (): ExplorerDb => {
  try {
    const value = window.localStorage.getItem(DB_KEY);
    return DBS.includes(value as ExplorerDb) ? (value as ExplorerDb) : 'lichess';
  } catch {
    return 'lichess';
  }
};

/**
 * One database's figures at the position, looked up on arrival when the server has none yet (Mine is
 * counted by the server, never looked up). A 409 (no token) is told through `onNoToken`.
 */
function useFilledExplorer(
  color: Color,
  fen: string,
  source: ExplorerSource,
  enabled: boolean,
  noToken: boolean,
  onNoToken: () => void,
) {
  const explorer = useExplorer(color, fen, source, enabled);
  const lookUp = useLookUpExplorer(color, source);
  const asked = useRef(new Set<string>());
  const key = `${source.db}|${source.filters.speeds}|${source.filters.ratings}|${positionKey(fen)}`;
  const missing = enabled && explorer.isSuccess && explorer.data === null && source.db !== 'mine';
  useEffect(() => {
    if (!missing || noToken || asked.current.has(key)) return;
    asked.current.add(key);
    lookUp.mutate(fen, {
      onError: (error) => {
        if (isApiError(error) && error.status === 409) onNoToken();
      },
    });
  }, [missing, noToken, key, fen, lookUp, onNoToken]);
  return { explorer, lookUp, key };
}

/**
 * The workshop's explorer: the chosen database (kept in the browser) at the board's position, looked
 * up on arrival when the server has no figures yet, and the positions one move ahead looked up by the
 * server in the background once the position's own figures are in. Without a token (a 409), nothing
 * more is asked: cached figures and Mine still show. The suggested answer is always the Lichess
 * explorer's at the player's bands, whichever tab is chosen: a page that opens the workshop "with the
 * suggested answer ready" finds it there even when Masters or Mine was the tab kept.
 */
export function useWorkshopExplorer(
  color: Color,
  fen: string,
  line: string,
  filters: ExplorerFilters,
  ready: boolean,
  playerToMove: boolean,
) {
  const [db, setDbState] = useState<ExplorerDb>(storedDb);
  const [noToken, setNoToken] = useState(false);
  const tokenMissing = useRef(() => setNoToken(true)).current;
  const source = { db, filters, line };
  const shown = useFilledExplorer(color, fen, source, ready, noToken, tokenMissing);
  // The Lichess tab's own query when it is not the one shown (the same cache entry when it is).
  const lichess = useFilledExplorer(
    color,
    fen,
    { db: 'lichess', filters, line },
    ready && playerToMove && db !== 'lichess',
    noToken,
    tokenMissing,
  );
  const ahead = useRef(new Set<string>());

  const found = shown.explorer.data ?? null;
  useEffect(() => {
    if (found === null || db === 'mine' || noToken || ahead.current.has(shown.key)) return;
    ahead.current.add(shown.key);
    void lookAhead(color, fen, source).catch(() => undefined);
    // source is rebuilt on every render; key holds what matters in it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found, db, noToken, shown.key, color, fen]);

  const setDb = (next: ExplorerDb) => {
    setDbState(next);
    try {
      window.localStorage.setItem(DB_KEY, next);
    } catch {
      // A browser that keeps nothing still switches.
    }
  };
  const { explorer, lookUp } = shown;
  const failed = lookUp.isError && !(isApiError(lookUp.error) && lookUp.error.status === 409);
  const error = failed ? lookUp.error : explorer.isError ? explorer.error : undefined;
  const suggestedFrom = db === 'lichess' ? found : (lichess.explorer.data ?? null);
  return {
    db,
    setDb,
    answer: found,
    /** The Lichess explorer's best-scoring reply here; null while unknown or when none qualifies. */
    suggested: suggestedFrom?.suggested ?? null,
    loading: !ready || explorer.isPending,
    lookingUp: lookUp.isPending,
    noToken,
    error: error && errorText(error).replace(/^\d+: /, ''),
    retry: () => lookUp.mutate(fen),
  };
}
