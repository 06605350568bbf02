import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/** Parses request cookies and signs the ones the server sets, keyed from APP_SECRET. */
export const cookiesPlugin = fp(
  async (app) => {
    const { config } = app;
    await app.register(cookie, { secret: config.appSecret });
  },
  { name: 'cookies' },
);
