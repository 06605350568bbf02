import type { OAuthProvider } from '@codedocs/contract';
import type { Config } from '../../config';
import { createGithubClient } from './github-client';
import { createOidcClient } from './oidc-client';
import { redirectUriFor } from './oauth-service';
import type { OAuthClient } from './provider';

/** The providers this server has credentials for; the others answer 404. */
export function createOAuthClients(config: Config): Map<OAuthProvider, OAuthClient> {
  const clients = new Map<OAuthProvider, OAuthClient>();
  if (config.github) clients.set('github', createGithubClient(config.github));
  if (config.oidc) {
    clients.set('oidc', createOidcClient(config.oidc, redirectUriFor(config.publicUrl, 'oidc')));
  }
  return clients;
}
