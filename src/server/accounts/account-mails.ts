// Texts of the mails the account calls send. Links sit on a line of their own and text lines stay under
// 76 characters, so the plain part goes out unencoded and a link can be read straight from the raw mail.
import type { Mail } from '../plugins/mail.js';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function confirmationMail(to: string, username: string, publicUrl: string, token: string): Mail {
  const link = `${publicUrl}/api/confirm-email/${token}`;
  return {
    to,
    subject: 'Confirm your Chess Prep email address',
    text: `Hello ${username},\n\nWelcome to Chess Prep. Please confirm your email address\nby opening this link:\n\n${link}\n\nThe link is valid for 7 days. If you did not sign up,\nplease ignore this mail.\n`,
    html: `<p>Hello ${escapeHtml(username)},</p><p>Welcome to Chess Prep. Please confirm your email address:</p>\n<p><a href="${link}">Confirm my email address</a></p>\n<p>The link is valid for 7 days. If you did not sign up, ignore this mail.</p>`,
  };
}

export function passwordResetMail(to: string, username: string, publicUrl: string, token: string): Mail {
  const link = `${publicUrl}/reset_password/${token}`;
  return {
    to,
    subject: 'Reset your Chess Prep password',
    text: `Hello ${username},\n\nTo choose a new password, open this link:\n\n${link}\n\nThe link works once and for one hour. If you did not ask for it,\nplease ignore this mail.\n`,
    html: `<p>Hello ${escapeHtml(username)},</p><p>To choose a new password, open this link:</p>\n<p><a href="${link}">Reset my password</a></p>\n<p>The link works once and for one hour. If you did not ask for it, ignore this mail.</p>`,
  };
}
