// Reading mails the app sent, as raw RFC 5322 text: the outbox files or what an SMTP server received.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The raw .eml files in dataDir/outbox, oldest first. */
export function readOutbox(dataDir: string): string[] {
  const outbox = join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => readFileSync(join(outbox, f), 'utf8'));
}

/** The first link in a raw mail that starts with prefix; quoted-printable soft breaks are undone first. */
export function findLink(rawMail: string, prefix: string): string | undefined {
  const text = rawMail.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.match(new RegExp(`${escaped}[A-Za-z0-9_-]+`))?.[0];
}
