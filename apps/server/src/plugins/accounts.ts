import fp from 'fastify-plugin';
import { Tokens } from '../auth/tokens';
import { createMailer } from '../mail/create-mailer';
import type { Mailer } from '../mail/mailer';
import { seedPlans } from '../services/billing/subscription-service';
import type { ServiceContext } from '../services/context';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mailer chosen by SMTP_URL (SMTP, or the outbox in DATA_DIR). */
    mailer: Mailer;
    /** Signs and verifies every JWT the server issues. */
    tokens: Tokens;
    /** What services need, for routes to pass on. */
    services: ServiceContext;
  }
}

/**
 * Account infrastructure: the mailer, the token signer (keys derived once from APP_SECRET), the
 * service context, and the plan catalogue written into the database at start.
 */
export const accountsPlugin = fp(
  async (app) => {
    const mailer = createMailer(app.config);
    const tokens = new Tokens(app.config.appSecret);
    app.decorate('mailer', mailer);
    app.decorate('tokens', tokens);
    app.decorate('services', {
      db: app.db,
      config: app.config,
      mailer,
      tokens,
      log: app.log,
      activity: app.activity,
    });
    await seedPlans(app.db);
    app.addHook('onClose', () => mailer.close());
  },
  { name: 'accounts', dependencies: ['db', 'activity'] },
);
