import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { RecentGamesRefresher } from '../features/game-review/components/recent-games-refresher';
import { useSession } from '../lib/session';
import { LoggedInNav } from './logged-in-nav';
import { LoggedOutNav } from './logged-out-nav';
import { SessionDataLoader } from './session-data-loader';

/** The page frame: the navigation for the session state and the current route, once the session is known. */
export function RootLayout() {
  const session = useSession();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {session.status === 'loggedIn' ? <LoggedInNav user={session.user} /> : <LoggedOutNav />}
      <main id="main" tabIndex={-1}>
        {session.status === 'loading' && (
          <p className="session-pending" role="status">
            Loading…
          </p>
        )}
        {session.status === 'error' && (
          <div className="page session-pending" role="alert">
            <p>Could not reach the server: {session.error.message}</p>
            <button type="button" className="button" onClick={session.retry}>
              Try again
            </button>
          </div>
        )}
        {(session.status === 'loggedIn' || session.status === 'loggedOut') && (
          <Suspense
            fallback={
              <p className="session-pending" role="status">
                Loading…
              </p>
            }
          >
            <Outlet />
          </Suspense>
        )}
        {session.status === 'loggedIn' && (
          <>
            <RecentGamesRefresher />
            <SessionDataLoader />
          </>
        )}
      </main>
    </>
  );
}
