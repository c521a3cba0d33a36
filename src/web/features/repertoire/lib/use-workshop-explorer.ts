import { useEffect, useRef, useState } from 'react';
import type { Color } from '@contract/common';
import type { ExplorerDb } from '@contract/repertoire';
import { positionKey } from '../../../../chess/fen';
import { errorText, isApiError } from '../../../lib/api-client';
import { lookAhead, useExplorer, useLookUpExplorer, type ExplorerFilters } from '../api/get-explorer';

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
 * The workshop's explorer: the chosen database (kept in the browser) at the board's position, looked
 * up on arrival when the server has no figures yet, and the positions one move ahead looked up by the
 * server in the background once the position's own figures are in. Without a token (a 409), nothing
 * more is asked: cached figures and Mine still show.
 */
export function useWorkshopExplorer(color: Color, fen: string, line: string, filters: ExplorerFilters, ready: boolean) {
  const [db, setDbState] = useState<ExplorerDb>(storedDb);
  const [noToken, setNoToken] = useState(false);
  const source = { db, filters, line };
  const explorer = useExplorer(color, fen, source, ready);
  const lookUp = useLookUpExplorer(color, source);
  const asked = useRef(new Set<string>());
  const ahead = useRef(new Set<string>());
  const key = `${db}|${filters.speeds}|${filters.ratings}|${positionKey(fen)}`;

  const missing = ready && explorer.isSuccess && explorer.data === null && db !== 'mine';
  useEffect(() => {
    if (!missing || noToken || asked.current.has(key)) return;
    asked.current.add(key);
    lookUp.mutate(fen, {
      onError: (error) => {
        if (isApiError(error) && error.status === 409) setNoToken(true);
      },
    });
  }, [missing, noToken, key, fen, lookUp]);

  const found = explorer.data ?? null;
  useEffect(() => {
    if (found === null || db === 'mine' || noToken || ahead.current.has(key)) return;
    ahead.current.add(key);
    void lookAhead(color, fen, source).catch(() => undefined);
    // source is rebuilt on every render; key holds what matters in it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found, db, noToken, key, color, fen]);

  const setDb = (next: ExplorerDb) => {
    setDbState(next);
    try {
      window.localStorage.setItem(DB_KEY, next);
    } catch {
      // A browser that keeps nothing still switches.
    }
  };
  const failed = lookUp.isError && !(isApiError(lookUp.error) && lookUp.error.status === 409);
  const error = failed ? lookUp.error : explorer.isError ? explorer.error : undefined;
  return {
    db,
    setDb,
    answer: found,
    loading: !ready || explorer.isPending,
    lookingUp: lookUp.isPending,
    noToken,
    error: error && errorText(error).replace(/^\d+: /, ''),
    retry: () => lookUp.mutate(fen),
  };
}
