// Payloads of the account calls, shared by the server routes and the web forms.
import { z } from 'zod';
import { newPassword } from '../../contract/account-security.js';

/** An ordinary address: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailSchema = z.string().trim().max(254, 'Email is too long').regex(EMAIL_PATTERN, 'Invalid email');
// No '@': the login field takes a username or an email, so a username must never look like an address.
export const usernameSchema = z
  .string()
  .trim()
  .min(1, 'Enter username')
  .max(64, 'Username is too long (at most 64 characters)')
  .regex(/^[^@\p{Cc}]+$/u, 'Username may not contain @ or control characters');
export const passwordSchema = z
  .string()
  .min(1, 'Enter password')
  .max(256, 'Password is too long (at most 256 characters)');

export const registerBody = z.object({ email: emailSchema, username: usernameSchema, password: newPassword });
export type RegisterBody = z.infer<typeof registerBody>;

export const loginBody = z.object({
  /** A username or an email. */
  username: z.string().trim().min(1, 'Enter username or email').max(254),
  password: passwordSchema,
});

export const passwordResetRequestBody = z.object({
  /** An email or a username. */
  email: z.string().trim().min(1, 'Enter email or username').max(254),
});

export const passwordResetBody = z.object({
  password: newPassword,
  token: z.string().trim().min(1, 'Missing reset token').max(200),
});

/** Site usernames go into URLs of the chess sites; an empty value clears the name. */
const siteUsername = z
  .string()
  .trim()
  .max(50, 'Username is too long (at most 50 characters)')
  .regex(/^[A-Za-z0-9_-]*$/, 'Username may hold only letters, digits, _ and -');

export const lichessUsernameBody = z.object({ username_lichess: siteUsername });
export const chessDotComUsernameBody = z.object({ username_chess_dot_com: siteUsername });
