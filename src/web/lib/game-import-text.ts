// What the automatic import of games says to the player: when each site was last checked, what it
// brought in, and why it failed, e.g. "checked 5 min ago · 3 games brought in", "Chess.com: not found".
import type { SiteImport } from '@contract/game-import';
import { plural } from '../lib/plural';

export const IMPORT_SITE_NAMES: Record<SiteImport['site'], string> = { lichess: 'Lichess', chesscom: 'Chess.com' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "just now", "5 min ago", "2 h ago", "3 days ago" from an ISO time and the current time in ms. */
export function agoText(iso: string, now: number): string {
  const elapsed = now - Date.parse(iso);
  // A time a little ahead of this clock (the server's clock differs) is still just now.
  if (!(elapsed >= MINUTE)) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  const days = Math.floor(elapsed / DAY);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}

/** A site's last check: "checked 5 min ago · 3 games brought in", or "not checked yet". */
export function siteImportStatus(site: Pick<SiteImport, 'checked_at' | 'imported' | 'error'>, now: number): string {
  if (site.checked_at === null) return 'not checked yet';
  const checked = `checked ${agoText(site.checked_at, now)}`;
  // A failed check brought nothing in; its error line says why.
  if (site.error !== null) return checked;
  if (site.imported === 0) return `${checked} · no new games`;
  return `${checked} · ${plural(site.imported, 'game')} brought in`;
}

/** "Chess.com: <error>" on one line when the site's last check failed, so it does not look like an empty account. */
export function siteImportError(site: Pick<SiteImport, 'site' | 'error'>): string | undefined {
  const error = site.error?.replace(/\s+/g, ' ').trim();
  return error ? `${IMPORT_SITE_NAMES[site.site]}: ${error}` : undefined;
}
