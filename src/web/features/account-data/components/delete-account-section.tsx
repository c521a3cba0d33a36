import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { errorText } from '../../../lib/api-client';
import { useDeleteAccount } from '../api/delete-account';

/** Deleting the account: the password, then one confirmation; afterwards the app is logged out. */
export function DeleteAccountSection() {
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const remove = useDeleteAccount();

  function ask(event: FormEvent) {
    event.preventDefault();
    setError('');
    if (!password) return setError('Enter your password to delete your account.');
    setConfirming(true);
  }

  async function deleteForGood() {
    try {
      const answer = await remove.mutateAsync(password);
      if (answer.api_result === 'bad_password') {
        setConfirming(false);
        setError('Wrong password: your account was not deleted.');
      }
    } catch (err) {
      setConfirming(false);
      setError(`Your account was not deleted: ${errorText(err)}`);
    }
  }

  return (
    <section className="card account-section account-danger" aria-labelledby="account-delete">
      <h2 id="account-delete">Delete account</h2>
      <p>
        Deletes your account and everything in it: reviews, cards, studies, drill progress and every session. This
        cannot be undone; download an export first if you may want your data later.
      </p>
      <form className="form" onSubmit={ask}>
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={error || undefined}
        />
        <div className="account-actions">
          <button type="submit" className="button button-danger">
            Delete account
          </button>
        </div>
      </form>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete your account for good?"
        footer={
          <>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button type="button" className="button button-danger" onClick={deleteForGood} disabled={remove.isPending}>
              Delete for good
            </button>
          </>
        }
      >
        <p>
          Everything in your account will be gone, and you will be logged out. Your email and username can be used
          again.
        </p>
      </Modal>
    </section>
  );
}
