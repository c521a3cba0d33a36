import { useState, type FormEvent } from 'react';
import { MIN_PASSWORD_CHARS } from '@contract/account-security';
import { TextField } from '../../../components/text-field';
import { errorText } from '../../../lib/api-client';
import { useRegister } from '../api/register';
import { signupFailureMessage, SUPPORT_EMAIL } from '../messages';
import { validateEmail, validatePassword, validateUsername } from '../validation';

type Field = 'email' | 'username' | 'password';
const RULES: Record<Field, (value: string) => string | undefined> = {
  email: validateEmail,
  username: validateUsername,
  password: validatePassword,
};

/** Sign-up: each field is checked when it loses focus; the button waits until all three are valid. */
export function SignupForm() {
  const [values, setValues] = useState<Record<Field, string>>({ email: '', username: '', password: '' });
  const [touched, setTouched] = useState<Record<Field, boolean>>({ email: false, username: false, password: false });
  const [failure, setFailure] = useState<string>();
  const register = useRegister();

  const errorOf = (field: Field) => (touched[field] ? RULES[field](values[field]) : undefined);
  const valid = (Object.keys(RULES) as Field[]).every((field) => RULES[field](values[field]) === undefined);

  const bind = (field: Field) => ({
    value: values[field],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: event.target.value }),
    onBlur: () => setTouched({ ...touched, [field]: true }),
    error: errorOf(field),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || register.isPending) return;
    setFailure(undefined);
    register.mutate(
      { email: values.email.trim(), username: values.username.trim(), password: values.password },
      {
        onSuccess: (answer) => {
          if (answer.api_status !== 'success') setFailure(signupFailureMessage(answer));
        },
        onError: (error) =>
          setFailure(`Sorry, sign-up failed (${errorText(error)}). Please try again, or email ${SUPPORT_EMAIL}.`),
      },
    );
  };

  return (
    <form className="card form" onSubmit={submit} noValidate aria-labelledby="signup-title">
      <h2 id="signup-title">Create your free account</h2>
      <TextField label="Email" type="email" name="email" autoComplete="email" {...bind('email')} />
      <TextField label="Desired username" name="username" autoComplete="username" {...bind('username')} />
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_CHARS} characters.`}
        {...bind('password')}
      />
      {failure && (
        <p className="form-message is-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={!valid || register.isPending}>
        {register.isPending ? 'Signing Up…' : 'Sign Up'}
      </button>
    </form>
  );
}
