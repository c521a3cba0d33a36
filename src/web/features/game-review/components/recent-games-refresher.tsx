import { useUser } from '../../../lib/session';
import { APP_SHELL_POLL_MS, useRecentGames } from '../api/get-recent-games';

/**
 * Keeps both recent-games lists fresh in the background (every 2,400,000 ms in the app shell),
 * so the Get Game popups open with games ready. Mount once inside the logged-in layout; renders nothing.
 */
export function RecentGamesRefresher() {
  const user = useUser();
  useRecentGames('lichess', user.username_lichess ?? '', APP_SHELL_POLL_MS);
  useRecentGames('chesscom', user.username_chess_dot_com ?? '', APP_SHELL_POLL_MS);
  return null;
}
