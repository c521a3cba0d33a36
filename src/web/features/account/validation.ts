// Field rules for sign-up and password reset. Each returns the message, or undefined when valid.

import { MIN_PASSWORD_CHARS, PASSWORD_RULE } from '@contract/account-security';

// An ordinary address: something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const validateEmail = (email: string): string | undefined =>
  EMAIL_PATTERN.test(email.trim()) ? undefined : 'Invalid email';

export const validateUsername = (username: string): string | undefined =>
  username.trim() === '' ? 'Enter username' : undefined;

/** A new password: sign-up and reset ask for at least MIN_PASSWORD_CHARS characters. */
export const validatePassword = (password: string): string | undefined =>
  password === '' ? 'Enter password' : password.length < MIN_PASSWORD_CHARS ? PASSWORD_RULE : undefined;

export const validateConfirmation = (password: string, confirmation: string): string | undefined =>
  password === confirmation ? undefined : 'Passwords do not match';
