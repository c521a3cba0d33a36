import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { TextField } from '../../../components/text-field';
import { errorText } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/page-title';
import { useLogin } from '../api/login';
import { BAD_LOGIN } from '../messages';
import { ForgotPasswordModal } from './forgot-password-modal';

/** Where another page can leave a message for the sign-in page, e.g. 'Password reset'. */
export type SignInState = { notice?: string };

/** /signin: username or email and password; a successful login moves on to the app (the routes decide where). */
export function SignInPage() {
  usePageTitle('Sign In');
  const notice = (useLocation().state as SignInState | null)?.notice;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<string>();
  const [forgotOpen, setForgotOpen] = useState(false);
  const login = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: (answer) => {
          if (!answer.LoggedIn) setFailure(BAD_LOGIN);
        },
        onError: (error) => setFailure(`Sign-in failed: ${errorText(error)}`),
      },
    );
  };

  return (
    <div className="page narrow">
      <form className="card form" onSubmit={submit} aria-labelledby="signin-title">
        <h1 id="signin-title">Sign In</h1>
        {notice && (
          <p className="form-message is-success" role="status">
            {notice}
          </p>
        )}
        <TextField
          label="Username or email"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          required
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        {failure && (
          <p className="form-message is-error" role="alert">
            {failure}
          </p>
        )}
        <button
          type="submit"
          className="button button-primary"
          disabled={login.isPending || username.trim() === '' || password === ''}
        >
          {login.isPending ? 'Signing In…' : 'Sign In'}
        </button>
        <div className="form-links">
          <button type="button" className="link-button" onClick={() => setForgotOpen(true)}>
            Forgot Password/Username
          </button>
          <Link to="/">No account yet? Sign Up</Link>
        </div>
      </form>
      <ForgotPasswordModal open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </div>
  );
}
