import type { FastifyRequest } from 'fastify';

/**
 * The app's address for links answered to the caller (a site, a share): PUBLIC_URL when
 * configured, else the address the request came to (only the caller sees the answer, so a
 * forged Host header misleads nobody else; mails use `linkBaseOf` instead).
 */
export function appAddressOf(request: FastifyRequest): string {
  const { config } = request.server;
  return config.publicUrlConfigured ? config.publicUrl : `${request.protocol}://${request.host}`;
}
