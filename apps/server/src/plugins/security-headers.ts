import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * The Content-Security-Policy of the app: only our own scripts, no framing, no plugins. Inline
 * styles stay allowed because Radix and Swagger UI position elements with style attributes.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Security headers on every answer (API, SPA and errors alike). HSTS only when PUBLIC_URL is
 * https: sent over plain http it would lock a LAN install out of its own address.
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const { config } = app;
    const https = config.publicUrl.startsWith('https://');
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });
  },
  { name: 'security-headers' },
);
