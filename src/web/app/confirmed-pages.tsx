import { useNavigate, useSearchParams } from 'react-router';
import { Modal } from '../components/modal';
import { SUPPORT_EMAIL } from '../features/account/messages';
import { usePageTitle } from '../lib/page-title';
import { LOGGED_IN_HOME } from './paths';
import { WelcomeText } from './welcome-page';

/** /confirmed_success: the email address is confirmed, then the welcome text. */
export function ConfirmedSuccessPage() {
  usePageTitle('Email confirmed');
  return (
    <section className="page prose" aria-labelledby="confirmed-title">
      <h1 id="confirmed-title">Your email address is confirmed</h1>
      <WelcomeText />
    </section>
  );
}

/**
 * /confirmed_failure: a popup saying the confirmation link is no longer valid, or, for a link used
 * before (`?reason=already_confirmed`), that the address is already confirmed.
 */
export function ConfirmedFailurePage() {
  const [search] = useSearchParams();
  const already = search.get('reason') === 'already_confirmed';
  usePageTitle(already ? 'Email already confirmed' : 'Confirmation link expired');
  const navigate = useNavigate();
  const close = () => navigate(LOGGED_IN_HOME);
  return (
    <Modal
      open
      onClose={close}
      title="Email confirmation"
      footer={
        <button type="button" className="button" onClick={close}>
          OK
        </button>
      }
    >
      {already ? (
        <p>Your email address is already confirmed. There is nothing more to do.</p>
      ) : (
        <p>
          The email confirmation link is no longer valid. Please contact{' '}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> if you need help signing up.
        </p>
      )}
    </Modal>
  );
}
