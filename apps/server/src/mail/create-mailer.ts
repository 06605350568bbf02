import type { Config } from '../config';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is set, else the outbox in DATA_DIR. */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(config.dataDir, config.mailFrom);
}
