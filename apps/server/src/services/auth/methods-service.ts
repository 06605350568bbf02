import type { AuthConfigResponse, OAuthProvider, SignInMethodsResponse } from '@codedocs/contract';
import { oauthProviderSchema } from '@codedocs/contract';
import type { User } from '@codedocs/db';
import type { Config } from '../../config';
import { listOauthAccounts } from '../../repositories/oauth-accounts-repository';
import type { ServiceContext } from '../context';

/** `GET /auth/methods`: whether the account has a password, and its linked providers. */
export async function signInMethods(
  ctx: ServiceContext,
  user: User,
): Promise<SignInMethodsResponse> {
  const accounts = await listOauthAccounts(ctx.db, user.id);
  const oauth: SignInMethodsResponse['oauth'] = [];
  for (const account of accounts) {
    const provider = oauthProviderSchema.safeParse(account.provider);
    if (provider.success) oauth.push({ provider: provider.data, linked_at: account.created_at });
  }
  return { password: user.password_hash !== null, oauth };
}

/** The OAuth providers this server has credentials for, with their button labels. */
export function configuredProviders(config: Config): { id: OAuthProvider; name: string }[] {
  const providers: { id: OAuthProvider; name: string }[] = [];
  if (config.github) providers.push({ id: 'github', name: 'GitHub' });
  if (config.oidc) providers.push({ id: 'oidc', name: config.oidc.name });
  return providers;
}

/** `GET /auth/config`: what the login screen offers. */
export function authConfig(ctx: ServiceContext): AuthConfigResponse {
  return {
    providers: configuredProviders(ctx.config),
    mail_outbox: ctx.mailer.kind === 'outbox',
    billing: ctx.config.billing,
  };
}
