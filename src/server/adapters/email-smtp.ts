// The SMTP engine of the e-mail port (email.ts), through nodemailer.
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { EmailSendError, type EmailSender } from './email.ts';

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
