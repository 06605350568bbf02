/** One e-mail: every message has a plain-text and an HTML part. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The links the message asks the reader to open, listed on the outbox page. */
  links: string[];
}

/** Sends mail; the app has exactly one, chosen by SMTP_URL at start. */
export interface Mailer {
  /** `smtp` delivers through a server; `outbox` writes files under DATA_DIR/outbox. */
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
