// The e-mail port behind the address codes: SMTP through nodemailer when SMTP_URL is set
// (email-smtp.ts), else (in the demo only) the development outbox, where every message is kept for
// the outbox page (/dev/caixa-de-saida; src/server/sandboxes/outbox-senders.ts). Which one runs is
// chosen in src/server/adapters/select.ts.

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
