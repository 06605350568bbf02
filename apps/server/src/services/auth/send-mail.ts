import type { MailMessage } from '../../mail/mailer';
import type { ServiceContext } from '../context';

/**
 * Sends a mail without failing the request: the answer must not depend on whether a mail could be
 * delivered (that would reveal which addresses have accounts). Failures are logged without the
 * message body, which holds sign-in links.
 */
export async function sendMail(ctx: ServiceContext, message: MailMessage): Promise<void> {
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    ctx.log.error(
      {
        err: error instanceof Error ? { name: error.name, message: error.message } : String(error),
      },
      `could not send mail "${message.subject}"`,
    );
  }
}
