import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { errorText } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/password-reset';
import { resetRequestMessage } from '../messages';

/** The 'Forgot Password/Username' popup: asks for an email and mails a reset link. */
export function ForgotPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ text: string; ok: boolean }>();
  const request = useRequestPasswordReset();

  // A cancelled popup leaves no message behind for the next time it opens.
  const close = () => {
    setResult(undefined);
    request.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setResult(undefined);
    request.mutate(email.trim(), {
      onSuccess: (answer) =>
        setResult({ text: resetRequestMessage(answer), ok: answer.api_result === 'successful_password_reset_request' }),
      onError: (error) => setResult({ text: `Not sent:${errorText(error)}`, ok: false }),
    });
  };

  return (
    <Modal open={open} onClose={close} title="Forgot Password/Username">
      <form className="form" onSubmit={submit}>
        <p className="muted">
          Enter the email address of your account. We will send you your username and a link to set a new password.
        </p>
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          required
        />
        {result && (
          <p className={`form-message ${result.ok ? 'is-success' : 'is-error'}`} role="status">
            {result.text}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={request.isPending || email.trim() === ''}>
          Request Username and Password Reset
        </button>
      </form>
    </Modal>
  );
}
