// The account calls: sign-up, login, session check, password reset, site usernames (all form payloads).
import { z } from 'zod';
import { newPassword } from './account-security.js';
import { noBody } from './common.js';
import { answerType, endpoint } from './endpoint.js';

/** An ordinary address: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const emailSchema = z.string().trim().max(254, 'Email is too long').regex(EMAIL_PATTERN, 'Invalid email');
// No '@': the login field takes a username or an email, so a username must never look like an address.
const usernameSchema = z
  .string()
  .trim()
  .min(1, 'Enter username')
  .max(64, 'Username is too long (at most 64 characters)')
  .regex(/^[^@\p{Cc}]+$/u, 'Username may not contain @ or control characters');
const passwordSchema = z.string().min(1, 'Enter password').max(256, 'Password is too long (at most 256 characters)');

/** GET /api/confirm-email/:token, the link of the confirmation mail. */
const confirmEmailParams = z.object({ token: z.string() });

const registerBody = z.object({ email: emailSchema, username: usernameSchema, password: newPassword });

const loginBody = z.object({
  /** A username or an email. */
  username: z.string().trim().min(1, 'Enter username or email').max(254),
  password: passwordSchema,
});

const passwordResetRequestBody = z.object({
  /** An email or a username. */
  email: z.string().trim().min(1, 'Enter email or username').max(254),
});

const passwordResetBody = z.object({
  password: newPassword,
  token: z.string().trim().min(1, 'Missing reset token').max(200),
});

/** Site usernames go into URLs of the chess sites; an empty value clears the name. */
const siteUsername = z
  .string()
  .trim()
  .max(50, 'Username is too long (at most 50 characters)')
  .regex(/^[A-Za-z0-9_-]*$/, 'Username may hold only letters, digits, _ and -');

const lichessUsernameBody = z.object({ username_lichess: siteUsername });
const chessDotComUsernameBody = z.object({ username_chess_dot_com: siteUsername });

/** The user as login and check-if-logged-in answer with it. */
export const sessionUser = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  username_lichess: z.string().nullable(),
  username_chess_dot_com: z.string().nullable(),
  /** Whether the player connected their Lichess account (Connect Lichess), and as whom. */
  lichess_connected: z.boolean().optional(),
  lichess_connected_as: z.string().nullable().optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** POST /api/register. */
const registerAnswer = z.object({
  api_status: z.enum(['success', 'fail']),
  /** 'register success', 'email exists', 'username exists' or another reason. */
  api_data: z.string(),
});
export type RegisterAnswer = z.infer<typeof registerAnswer>;

/** POST /api/login. */
const loginAnswer = z.union([
  z.object({ LoggedIn: z.literal(true), user: sessionUser }),
  z.object({ LoggedIn: z.literal(false), api_result: z.enum(['bad_password', 'no_such_user']) }),
]);

/** POST /api/check-if-logged-in (401 {api_result: 'user_not_logged_in'} is read as logged out). */
const sessionAnswer = z.union([
  z.object({ LoggedIn: z.literal(true), user: sessionUser }),
  z.object({ LoggedIn: z.literal(false), user: z.null().optional(), api_result: z.string().optional() }),
]);
export type SessionAnswer = z.infer<typeof sessionAnswer>;

/** POST /api/logout. */
const logoutAnswer = z.object({ api_result: z.literal('successful_logout') });

const otherResult = z.string() as z.ZodType<string & {}>;

/** POST /api/password-reset-request. */
const resetRequestAnswer = z.object({
  api_result: z.union([
    z.enum(['successful_password_reset_request', 'no_such_user', 'failed_password_reset_request']),
    otherResult,
  ]),
  api_result_details: z.string().optional(),
});
export type ResetRequestAnswer = z.infer<typeof resetRequestAnswer>;

/** POST /api/password-reset. */
const resetAnswer = z.object({
  api_result: z.union([
    z.enum(['successful_password_reset', 'failed_password_reset', 'password_reset_token_expired']),
    otherResult,
  ]),
  api_result_details: z.string().optional(),
});
export type ResetAnswer = z.infer<typeof resetAnswer>;

/** POST /api/update-lichess-username and /api/update-chess-dot-com-username. */
const siteUsernameAnswer = z.object({
  api_result: z.literal('general_sql_success'),
  username_lichess: z.string().nullable().optional(),
  username_chess_dot_com: z.string().nullable().optional(),
});

export const accountApi = {
  register: endpoint({
    method: 'POST',
    path: '/api/register',
    body: registerBody,
    bodyKind: 'form',
    answer: registerAnswer,
    errors: [429],
  }),
  /** The confirmation mail's link: redirects to /confirmed_success or /confirmed_failure. */
  confirmEmail: endpoint({
    method: 'GET',
    path: '/api/confirm-email/:token',
    params: confirmEmailParams,
    answer: answerType<never>(),
    answerKind: 'redirect',
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/login',
    body: loginBody,
    bodyKind: 'form',
    answer: loginAnswer,
    errors: [429],
  }),
  logout: endpoint({ method: 'POST', path: '/api/logout', body: noBody, bodyKind: 'form', answer: logoutAnswer }),
  sessionCheck: endpoint({
    method: 'POST',
    path: '/api/check-if-logged-in',
    body: noBody,
    bodyKind: 'form',
    answer: sessionAnswer,
  }),
  passwordResetRequest: endpoint({
    method: 'POST',
    path: '/api/password-reset-request',
    body: passwordResetRequestBody,
    bodyKind: 'form',
    answer: resetRequestAnswer,
    errors: [429],
  }),
  passwordReset: endpoint({
    method: 'POST',
    path: '/api/password-reset',
    body: passwordResetBody,
    bodyKind: 'form',
    answer: resetAnswer,
  }),
  updateLichessUsername: endpoint({
    method: 'POST',
    path: '/api/update-lichess-username',
    body: lichessUsernameBody,
    bodyKind: 'form',
    answer: siteUsernameAnswer,
  }),
  /** 400 when Chess.com knows no player of that name. */
  updateChessDotComUsername: endpoint({
    method: 'POST',
    path: '/api/update-chess-dot-com-username',
    body: chessDotComUsernameBody,
    bodyKind: 'form',
    answer: siteUsernameAnswer,
    errors: [400],
  }),
};
