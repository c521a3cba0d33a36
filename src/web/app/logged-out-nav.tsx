import { Link, NavLink } from 'react-router';
import { APP_NAME } from '../lib/page-title';
import { paths } from './paths';
import { ThemeToggle } from './theme-toggle';

/** Navigation for visitors: Sign In and Sign Up. */
export function LoggedOutNav() {
  return (
    <header className="site-header">
      <nav className="nav" aria-label="Main">
        <Link to={paths.landing} className="brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          {APP_NAME}
        </Link>
        <ul className="nav-links nav-links-always">
          <li>
            <NavLink to={paths.signIn} className="nav-link">
              Sign In
            </NavLink>
          </li>
          <li>
            <NavLink to={paths.landing} end className="nav-link">
              Sign Up
            </NavLink>
          </li>
          <li>
            <ThemeToggle />
          </li>
        </ul>
      </nav>
    </header>
  );
}
