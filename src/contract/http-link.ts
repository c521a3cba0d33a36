import { z } from 'zod';

/**
 * A link the app stores and later shows as <a href>: only http(s), so a stored `javascript:` or
 * `data:` link can never run in a player's page. No Node imports: the web bundles this file.
 */
function isHttpLink(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A link of at most `max` characters: '' (no link) or an http(s) URL. */
export const httpLink = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((text) => text === '' || isHttpLink(text), 'must be an http(s) link');
