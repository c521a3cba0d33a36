import { Navigate, Outlet } from 'react-router';
import { isFlashHelpOn } from '../lib/flash-help';
import { useSession } from '../lib/session';
import { LOGGED_IN_HOME, paths } from './paths';

// The root layout renders these only once the session check has answered.

/** Logged-out pages (landing, sign-in): a logged-in user goes on to the app, to /welcome once after sign-up. */
export function LoggedOutOnly() {
  const session = useSession();
  if (session.status === 'loggedIn') return <Navigate to={isFlashHelpOn() ? paths.welcome : LOGGED_IN_HOME} replace />;
  return <Outlet />;
}

/** Logged-in pages: without a session the landing page shows, or sign-in right after logging out. */
export function RequireSession() {
  const session = useSession();
  if (session.status === 'loggedIn') return <Outlet />;
  const to = session.status === 'loggedOut' && session.reason === 'successful_logout' ? paths.signIn : paths.landing;
  return <Navigate to={to} replace />;
}

/** Any other path: the landing page when logged out, the app's home when logged in. */
export function UnknownPath() {
  const session = useSession();
  return <Navigate to={session.status === 'loggedIn' ? LOGGED_IN_HOME : paths.landing} replace />;
}
