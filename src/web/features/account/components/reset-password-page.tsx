import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { TextField } from '../../../components/text-field';
import { errorText } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useResetPassword } from '../api/password-reset';
import { resetMessage } from '../messages';
import { validateConfirmation, validatePassword } from '../validation';
import { MIN_PASSWORD_CHARS } from '@contract/account-security';
import type { SignInState } from './signin-page';

/** /reset_password/:token: a new password twice; success goes to /signin saying 'Password reset'. */
export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState({ password: false, confirmation: false });
  const [failure, setFailure] = useState<string>();
  const reset = useResetPassword();

  const passwordError = validatePassword(password);
  const confirmationError = validateConfirmation(password, confirmation);
  const valid = !passwordError && !confirmationError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched({ password: true, confirmation: true });
    if (!valid) return;
    setFailure(undefined);
    reset.mutate(
      { password, token },
      {
        onSuccess: (answer) => {
          const message = resetMessage(answer);
          if (answer.api_result === 'successful_password_reset') {
            navigate('/signin', { state: { notice: message } satisfies SignInState });
          } else setFailure(message);
        },
        onError: (error) => setFailure(`Password reset failed - ${errorText(error)}`),
      },
    );
  };

  return (
    <div className="page narrow">
      <form className="card form" onSubmit={submit} noValidate aria-labelledby="reset-title">
        <h1 id="reset-title">Reset Password</h1>
        <TextField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          hint={`At least ${MIN_PASSWORD_CHARS} characters.`}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, password: true }))}
          error={touched.password ? passwordError : undefined}
        />
        <TextField
          label="Confirm new password"
          type="password"
          name="confirmation"
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, confirmation: true }))}
          error={touched.confirmation ? confirmationError : undefined}
        />
        {failure && (
          <p className="form-message is-error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="button button-primary" disabled={reset.isPending}>
          Reset Password
        </button>
      </form>
    </div>
  );
}
