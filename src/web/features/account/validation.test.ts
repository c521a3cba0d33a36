import { expect, test } from 'vitest';
import { validateConfirmation, validateEmail, validatePassword, validateUsername } from './validation';

test.each(['a@b.co', 'first.last+chess@example.org', ' padded@example.com '])('%s is an ordinary address', (email) => {
  expect(validateEmail(email)).toBeUndefined();
});

test.each(['', 'plain', 'no-at.example.com', 'two@@example.com', 'space in@example.com', 'nodot@example'])(
  '%j is an invalid email',
  (email) => {
    expect(validateEmail(email)).toBe('Invalid email');
  },
);

test('username and password are required', () => {
  expect(validateUsername('  ')).toBe('Enter username');
  expect(validateUsername('magnus')).toBeUndefined();
  expect(validatePassword('')).toBe('Enter password');
  expect(validatePassword('        ')).toBeUndefined();
});

test('a new password has at least 8 characters', () => {
  expect(validatePassword('seven77')).toBe('Password must be at least 8 characters');
  expect(validatePassword('eight888')).toBeUndefined();
});

test('the confirmation must equal the password', () => {
  expect(validateConfirmation('secret', 'secret')).toBeUndefined();
  expect(validateConfirmation('secret', 'Secret')).toBe('Passwords do not match');
});
