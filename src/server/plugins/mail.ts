import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transporter } from 'nodemailer';

export const MAIL_FROM = 'Chess Prep <no-reply@chess-prep.local>';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SentMail {
  messageId: string;
  /** The .eml file written when there is no SMTP server. */
  file?: string;
}

export interface Mailer {
  /** Sends one mail; rejects when the SMTP server refuses it or the outbox cannot be written. */
  send(mail: Mail): Promise<SentMail>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Mail over SMTP_URL, or, without one, each mail as an .eml file in $DATA_DIR/outbox/ (names sort by time). */
export const mailPlugin = fp(async (app: FastifyInstance) => {
  const { smtpUrl, dataDir } = app.config;
  // nodemailer loads with the first mail: most starts send none, and loading it cost each start some 40 ms.
  let transport: Promise<Transporter> | undefined;
  const openTransport = () =>
    (transport ??= import('nodemailer').then(
      ({ default: nodemailer }) =>
        smtpUrl
          ? // The player waits on the reset mail: a server that never answers fails it in seconds, not minutes.
            nodemailer.createTransport({
              url: smtpUrl,
              connectionTimeout: 10_000,
              greetingTimeout: 10_000,
              socketTimeout: 20_000,
            })
          : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
      (error: unknown) => {
        transport = undefined;
        throw error;
      },
    ));
  const outbox = join(dataDir, 'outbox');

  app.decorate('mailer', {
    async send(mail: Mail): Promise<SentMail> {
      const info = await (await openTransport()).sendMail({ from: MAIL_FROM, ...mail });
      if (smtpUrl) return { messageId: info.messageId };
      await mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(outbox, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, (info as unknown as { message: Buffer }).message);
      return { messageId: info.messageId, file };
    },
  });

  app.addHook('onClose', async () => {
    await transport?.then(
      (open) => open.close(),
      () => undefined,
    );
  });
});
