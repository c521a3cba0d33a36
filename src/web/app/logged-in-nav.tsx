import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useLogout } from '../features/account/api/logout';
import { APP_NAME } from '../lib/page-title';
import type { User } from '../lib/session';
import { HelpModal } from './help-modal';
import { LOGGED_IN_HOME, paths } from './paths';
import { ThemeToggle } from './theme-toggle';

const LINKS = [
  { to: paths.today, label: 'Today' },
  { to: paths.gameReview, label: 'Review Game/Make Cards' },
  { to: paths.reviewCards, label: 'Card Review' },
  { to: paths.manageCards, label: 'Edit Cards' },
  { to: paths.manageOpenings, label: 'Manage Openings' },
  { to: paths.repertoire, label: 'Repertoire' },
  { to: paths.drill, label: 'Drill' },
  { to: paths.repertoireReport, label: 'Games vs Repertoire' },
  { to: paths.prepare, label: 'Prepare' },
  { to: paths.woodpecker, label: 'Woodpecker' },
  { to: paths.progress, label: 'Progress' },
] as const;

/** The logged-in bar (Game Review, Cards, Drill, Manage Openings, ...); on a phone the links fold behind a Menu button. */
export function LoggedInNav({ user }: { user: User }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const logout = useLogout();
  const location = useLocation();

  // Following a link (also one inside Help) closes the menu and the popup.
  useEffect(() => {
    setMenuOpen(false);
    setHelpOpen(false);
  }, [location.pathname]);

  return (
    <header className="site-header">
      <nav className="nav" aria-label="Main">
        <Link to={LOGGED_IN_HOME} className="brand">
          <img src="/favicon.svg" alt="" width="28" height="28" />
          {APP_NAME}
        </Link>
        <button
          type="button"
          className="nav-button menu-button"
          aria-expanded={menuOpen}
          aria-controls="main-nav-links"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">☰</span> Menu
        </button>
        <div id="main-nav-links" className={`nav-menu${menuOpen ? ' is-open' : ''}`}>
          <ul className="nav-links nav-primary">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="nav-link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ul className="nav-links nav-utility">
            <li>
              <button type="button" className="nav-button" onClick={() => setHelpOpen(true)}>
                Help
              </button>
            </li>
            <li>
              <ThemeToggle />
            </li>
            <li>
              <NavLink to={paths.account} className="nav-link account-link" title="Account">
                <span className="visually-hidden">Account: </span>
                <span className="logout-email">{user.email}</span>
              </NavLink>
            </li>
            <li>
              <button
                type="button"
                className="nav-button logout-button"
                aria-label={`Log Out ${user.email}`}
                onClick={() => logout.mutate()}
                disabled={logout.isPending}
              >
                Log Out
              </button>
            </li>
          </ul>
        </div>
      </nav>
      <HelpModal open={helpOpen} onClose={() => setHelpOpen(false)} />
    </header>
  );
}
