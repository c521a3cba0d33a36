// Field rules for sign-up and password reset. Each returns the message, or undefined when valid.

// An ordinary address: something@something.tld, no spaces.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const validateEmail = (email: string): string | undefined =>
  EMAIL_PATTERN.test(email.trim()) ? undefined : 'Invalid email';

export const validateUsername = (username: string): string | undefined =>
  username.trim() === '' ? 'Enter username' : undefined;

export const validatePassword = (password: string): string | undefined =>
  password === '' ? 'Enter password' : undefined;

export const validateConfirmation = (password: string, confirmation: string): string | undefined =>
  password === confirmation ? undefined : 'Passwords do not match';
