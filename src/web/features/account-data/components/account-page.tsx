import { Link } from 'react-router';
import { accountDataApi } from '@contract/account-data';
import { hrefOf } from '../../../lib/api';
import { usePageTitle } from '../../../lib/page-title';
import { useUser } from '../../../lib/session';
import '../account-data.css';
import { AutoImportSection } from './auto-import-section';
import { DeleteAccountSection } from './delete-account-section';
import { ImportSection } from './import-section';
import { SecuritySection } from './security-section';
import { SiteNamesSection } from './site-names-section';

/**
 * /account: who you are, your names on the chess sites and whether your new games come in by themselves,
 * and your data to take away or to close for good.
 */
export function AccountPage() {
  usePageTitle('Account');
  const user = useUser();
  return (
    <div className="page account-page">
      <h1>Account</h1>

      <section className="card account-section" aria-labelledby="account-who">
        <h2 id="account-who">Your account</h2>
        <dl className="account-facts">
          <dt>Email</dt>
          <dd>{user.email}</dd>
          <dt>Username</dt>
          <dd>{user.username}</dd>
          <dt>Lichess connection</dt>
          <dd data-testid="lichess-connection">
            {user.lichess_connected ? (
              <>Connected as {user.lichess_connected_as ?? 'your Lichess account'}</>
            ) : (
              <>Not connected</>
            )}
            {' · '}
            <Link to="/manage_openings">{user.lichess_connected ? 'Manage it' : 'Connect it'} on Manage Openings</Link>
          </dd>
        </dl>
      </section>

      <SiteNamesSection user={user} />
      <AutoImportSection />

      <SecuritySection />

      <section className="card account-section" aria-labelledby="account-export">
        <h2 id="account-export">Take your data with you</h2>
        <p>
          The export holds everything you made here: game reviews with their mistakes and analyses, cards with their
          schedules and review history, your opening studies with their sources, workshop edits and coverage goals,
          drill progress, your fitted schedule, kept preparations and Woodpecker sets. Import it into another Chess Prep
          account, here or on another server.
        </p>
        <div className="account-actions">
          <a className="button button-primary" href={hrefOf(accountDataApi.exportData)} download>
            Download export
          </a>
          <a className="button" href={hrefOf(accountDataApi.ankiDeck)} download>
            Download Anki deck
          </a>
        </div>
        <p className="muted">
          The Anki deck is a text file: in Anki choose File, Import, and pick it. Each card shows its text and the
          board, with no other files needed.
        </p>
      </section>

      <ImportSection />
      <DeleteAccountSection />
    </div>
  );
}
