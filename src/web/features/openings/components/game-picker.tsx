import { serverWords } from '../../../lib/api-client';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { STATUS_DONE } from '../../../components/status-box';
import { useUser } from '../../../lib/session';
import { gameTitle, getRecentGames, shortDateTime, type GameRecord, type GameSite } from '../api/recent-games';
import { NO_GAMES_RETRIEVED, NONE_SELECTED, RETRIEVING_GAMES } from '../lib/messages';

/** The picker refetches recent games every 300,000 ms. */
export const PICKER_REFRESH_MS = 300_000;

type Props = {
  value: GameRecord | undefined;
  onChange: (game: GameRecord | undefined) => void;
  /** Status box updates: 'Retrieving Games' while the list loads, then the outcome. */
  onStatus: (text: string, busy: boolean) => void;
  /** Told the username typed here (the tool's own input: never saved to the account). */
  onUsernameChange?: (username: string) => void;
};

/** A username with Lichess and Chess.com buttons and the list of that user's recent games. */
export function GamePicker({ value, onChange, onStatus, onUsernameChange }: Props) {
  const ids = useId();
  const user = useUser();
  const [username, setUsernameState] = useState(user.username_lichess ?? user.username_chess_dot_com ?? '');
  const setUsername = (name: string) => {
    setUsernameState(name);
    onUsernameChange?.(name);
  };
  // Each button press is a new request (n), so pressing it again fetches afresh.
  const [request, setRequest] = useState<{ site: GameSite; username: string; n: number }>();
  const site = request?.site;

  const games = useQuery({
    queryKey: ['opening-tool', 'recent-games', request?.site, request?.username, request?.n],
    queryFn: () => getRecentGames(request!.site, request!.username),
    enabled: request !== undefined,
    refetchInterval: PICKER_REFRESH_MS,
    retry: 0,
  });

  const fetchFor = (next: GameSite) => {
    // Fetching a new game list clears the selected game.
    onChange(undefined);
    onStatus(RETRIEVING_GAMES, true);
    setRequest((old) => ({ site: next, username: username.trim(), n: (old?.n ?? 0) + 1 }));
  };

  const { isFetching, error, dataUpdatedAt } = games;
  const statusRef = useRef(onStatus);
  statusRef.current = onStatus;
  useEffect(() => {
    if (!request) return;
    if (isFetching) statusRef.current(RETRIEVING_GAMES, true);
    else if (error) statusRef.current(`Could not retrieve games: ${serverWords(error)}`, false);
    else statusRef.current(STATUS_DONE, false);
  }, [request, isFetching, error, dataUpdatedAt]);

  const list = site ? (games.data ?? []) : [];
  const index = value ? list.findIndex((g) => g.pgn === value.pgn) : -1;
  return (
    <div className="op-picker">
      <div className="op-row">
        <div className="field op-grow">
          <label htmlFor={`${ids}-user`}>Username</label>
          <input id={`${ids}-user`} value={username} autoComplete="off" onChange={(e) => setUsername(e.target.value)} />
        </div>
        <button type="button" className="button" onClick={() => fetchFor('lichess')} disabled={games.isFetching}>
          Lichess
        </button>
        <button type="button" className="button" onClick={() => fetchFor('chesscom')} disabled={games.isFetching}>
          Chess.com
        </button>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-games`}>Retrieved games</label>
        <select
          id={`${ids}-games`}
          className="op-list"
          size={6}
          value={index >= 0 ? String(index) : ''}
          onChange={(e) => onChange(e.target.value === '' ? undefined : list[Number(e.target.value)])}
        >
          <option value="">{list.length > 0 ? NONE_SELECTED : NO_GAMES_RETRIEVED}</option>
          {list.map((game, i) => (
            <option key={`${game.link ?? ''}-${i}`} value={String(i)}>
              {gameTitle(game)} {shortDateTime(game.date_time_played)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
