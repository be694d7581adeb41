import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go when it is not the sender (a Contact-us message: the member who wrote it). */
  replyTo?: string;
  /**
   * Who to tell when it could not be delivered after its last try: a handler the sending domain registered on
   * `MailFailures`, and what it needs (ids, names; never the body). Not part of the e-mail itself.
   */
  undelivered?: { handler: string; data: UndeliveredData };
}

export type UndeliveredData = Readonly<Record<string, string | number | null>>;

/** Sends one message now; throws when delivery fails (the job queue retries). */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  deliver(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP_URL set: real delivery through nodemailer. Otherwise each message is written as an .eml file in DATA_DIR/outbox/ and a
 * log line names the file (and never the message body, which holds links with tokens).
 */
export function createMailTransport(
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>,
  log: Pick<FastifyBaseLogger, 'info'>,
): MailTransport {
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      kind: 'smtp',
      deliver: async (message) => {
        await transport.sendMail({ from: config.MAIL_FROM, ...message });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(config.DATA_DIR, 'outbox');
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    deliver: async (message) => {
      const info = await builder.sendMail({ from: config.MAIL_FROM, ...message });
      await fs.mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ outboxFile: file }, `e-mail "${message.subject}" written to ${file}`);
    },
    close: () => builder.close(),
  };
}
