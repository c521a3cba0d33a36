import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

// The app writes each mail to $DATA_DIR/outbox/*.eml when no SMTP server is configured.

export const outboxDir = (): string => {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return join(dataDir, 'outbox');
};

/** The decoded text of every mail sent to `to`, newest first. */
export async function readMailsTo(to: string): Promise<string[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir())).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  const mails = await Promise.all(
    names.map(async (name) => {
      const path = join(outboxDir(), name);
      return { raw: await readFile(path, 'utf8'), time: (await stat(path)).mtimeMs };
    }),
  );
  return mails
    .filter((mail) => headerOf(mail.raw, 'to').toLowerCase().includes(to.toLowerCase()))
    .sort((a, b) => b.time - a.time)
    .map((mail) => decodeMail(mail.raw));
}

/** Waits for a mail to `to` whose text contains a link matching `pattern`, and returns the link. */
export async function waitForLink(to: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const text of await readMailsTo(to)) {
      const match = text.match(pattern);
      if (match) return match[0];
    }
    if (Date.now() > deadline) throw new Error(`No mail to ${to} with a link matching ${pattern} in ${outboxDir()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function headerOf(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/** Body text with quoted-printable and base64 parts decoded, good enough to find links. */
function decodeMail(raw: string): string {
  const pieces = [raw, decodeQuotedPrintable(raw)];
  for (const block of raw.matchAll(
    /Content-Transfer-Encoding:\s*base64[^\n]*\r?\n(?:[^\n]+\r?\n)*?\r?\n([A-Za-z0-9+/=\r\n]+)/gi,
  )) {
    pieces.push(Buffer.from(block[1].replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  return pieces.join('\n');
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
