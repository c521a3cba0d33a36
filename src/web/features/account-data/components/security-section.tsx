import { useState, type FormEvent } from 'react';
import { MIN_PASSWORD_CHARS, PASSWORD_RULE } from '@contract/account-security';
import { TextField } from '../../../components/text-field';
import { errorText } from '../../../lib/api-client';
import { useChangePassword, useLogoutEverywhere } from '../api/account-security';

/** Change the password (the other devices are signed out), or sign out everywhere at once. */
export function SecuritySection() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const change = useChangePassword();
  const logout = useLogoutEverywhere();
  const tooShort = next !== '' && next.length < MIN_PASSWORD_CHARS;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(undefined);
    if (!current) return setMessage({ ok: false, text: 'Enter your current password.' });
    if (next.length < MIN_PASSWORD_CHARS) return setMessage({ ok: false, text: `${PASSWORD_RULE}.` });
    try {
      const answer = await change.mutateAsync({ current_password: current, new_password: next });
      if (answer.api_result === 'bad_password') {
        setMessage({ ok: false, text: 'Wrong current password: nothing was changed.' });
        return;
      }
      setCurrent('');
      setNext('');
      setMessage({ ok: true, text: 'Password changed. Your other devices are signed out.' });
    } catch (error) {
      setMessage({ ok: false, text: `Password not changed: ${errorText(error)}` });
    }
  };

  return (
    <section className="card account-section" aria-labelledby="account-security">
      <h2 id="account-security">Password and sessions</h2>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate aria-label="Change password">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          hint={`At least ${MIN_PASSWORD_CHARS} characters.`}
          error={tooShort ? `${PASSWORD_RULE}.` : undefined}
        />
        {message && (
          <p className={`form-message ${message.ok ? 'is-success' : 'is-error'}`} role="status">
            {message.text}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={change.isPending}>
          {change.isPending ? 'Changing…' : 'Change Password'}
        </button>
      </form>
      <p className="muted">Signed in on a computer you no longer use? Sign out on every device, this one too.</p>
      <button type="button" className="button" onClick={() => logout.mutate()} disabled={logout.isPending}>
        Log out everywhere
      </button>
      {logout.isError && (
        <p className="form-message is-error" role="alert">
          {errorText(logout.error)}
        </p>
      )}
    </section>
  );
}
