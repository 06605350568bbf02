import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** A mail the sink received, parsed. */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Waits until a mail to `to` whose subject matches arrives (polling, up to 10 s). */
  waitFor(to: string, subject: RegExp): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 and a free port that keeps every mail it gets, parsed. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((email) => {
            received.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
            });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(to, subject) {
      for (let waited = 0; waited < 10_000; waited += 50) {
        const mail = received.find((one) => one.to.includes(to) && subject.test(one.subject));
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no mail to ${to} matching ${subject}`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = text.match(new RegExp(`${escaped}[^\\s"<>]+`));
  if (!match) throw new Error(`no link starting with ${prefix}`);
  return match[0];
}
