// The e-mail adapter behind the address codes: SMTP through nodemailer when SMTP_URL is set, else
// (in the demo only) the development outbox, where every message is kept for the outbox page (/dev/caixa-de-saida).
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { recordOutboxMessage } from '../db/outbox-repo.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface EmailSender {
  /** 'none': production without SMTP configured. */
  readonly engine: 'smtp' | 'outbox' | 'none';
  send(message: EmailMessage, now: Date): Promise<void>;
}

/** The SMTP server refused the message or could not be reached. */
export class EmailSendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmailSendError';
  }
}

export function createEmailOutboxSender(db: Database): EmailSender {
  return {
    engine: 'outbox',
    async send(message, now) {
      await recordOutboxMessage(db, { channel: 'email', recipient: message.to, text: `${message.subject}\n\n${message.text}` }, now);
    },
  };
}

/** SMTP through nodemailer; `transport` is an SMTP URL or nodemailer's transport options. */
export function createSmtpSender(transport: string | SMTPTransport.Options, from: string): EmailSender {
  const mailer = nodemailer.createTransport(transport);
  return {
    engine: 'smtp',
    async send(message) {
      try {
        await mailer.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      } catch (err) {
        throw new EmailSendError(`SMTP: ${(err as Error).message}`, { cause: err });
      }
    },
  };
}

/** The sender the API uses unless it is given one: SMTP when SMTP_URL is set; else the outbox in the demo, and in production none (every send fails). */
export function defaultEmailSender(db: Database): EmailSender {
  if (config.email.smtpUrl) return createSmtpSender(config.email.smtpUrl, config.email.from);
  if (config.demo) return createEmailOutboxSender(db);
  return {
    engine: 'none',
    async send() {
      throw new EmailSendError('e-mail is not configured (SMTP_URL)');
    },
  };
}
