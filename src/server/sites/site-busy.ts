import type { HttpQueue } from './http-queue.js';

/**
 * After a 429 a site rests (60 s) and calls to it wait their turn. A player asking meanwhile
 * is told so at once, instead of a request that hangs until the pause ends.
 */
export function busyMessage(site: string, until: number, now = Date.now()): string {
  return `${site} is busy, retrying in ${Math.max(1, Math.ceil((until - now) / 1000))} s`;
}

/** The message for `url`'s site while its host rests; undefined when calls to it go ahead. */
export function siteBusy(
  queue: HttpQueue,
  url: string,
  site: string,
  token?: string,
  now = Date.now(),
): string | undefined {
  const until = queue.pausedUntil(url, token);
  return until > now ? busyMessage(site, until, now) : undefined;
}
