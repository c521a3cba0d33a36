import { z } from 'zod';
import { noBody } from './common.js';
import { endpoint } from './endpoint.js';

/** Fewer characters than this are refused for a new password (sign-up, reset, change on the Account page). */
export const MIN_PASSWORD_CHARS = 8;
export const PASSWORD_RULE = `Password must be at least ${MIN_PASSWORD_CHARS} characters`;

/** A password being chosen; signing in still takes an older, shorter one. */
export const newPassword = z
  .string({ error: 'Enter password' })
  .min(MIN_PASSWORD_CHARS, PASSWORD_RULE)
  .max(256, 'Password is too long (at most 256 characters)');

/** POST /api/change-password */
const changePasswordRequest = z.object({
  current_password: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(256),
  new_password: newPassword,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;
const changePasswordAnswer = z.object({ api_result: z.enum(['password_changed', 'bad_password']) });
export type ChangePasswordAnswer = z.infer<typeof changePasswordAnswer>;

/** POST /api/logout-everywhere: every session of the player ends, this one too. */
const logoutEverywhereAnswer = z.object({
  api_result: z.literal('logged_out_everywhere'),
  sessions: z.number(),
});
export type LogoutEverywhereAnswer = z.infer<typeof logoutEverywhereAnswer>;

export const accountSecurityApi = {
  changePassword: endpoint({
    method: 'POST',
    path: '/api/change-password',
    body: changePasswordRequest,
    answer: changePasswordAnswer,
    errors: [429],
  }),
  logoutEverywhere: endpoint({
    method: 'POST',
    path: '/api/logout-everywhere',
    body: noBody,
    answer: logoutEverywhereAnswer,
  }),
};
