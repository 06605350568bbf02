import { z } from 'zod';
import type { GithubConfig } from '../../config';
import { ProviderError } from './provider';
import type { AuthorizationRequest, CodeExchange, OAuthClient, ProviderIdentity } from './provider';

const tokenSchema = z.object({ access_token: z.string() });
const userSchema = z.object({ id: z.number(), login: z.string(), name: z.string().nullable() });
const emailsSchema = z.array(
  z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() }),
);

async function getJson(url: string, token: string): Promise<unknown> {
  const response = await fetch(url, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/vnd.github+json',
      'user-agent': 'CodeDocs',
    },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new ProviderError(`GitHub answered ${response.status}`);
  return response.json();
}

/**
 * A GitHub OAuth app (or GitHub Enterprise through GITHUB_BASE_URL/GITHUB_API_URL): plain OAuth 2
 * with PKCE, then the user and e-mail APIs. Only the verified primary address is used.
 */
export function createGithubClient(config: GithubConfig): OAuthClient {
  return {
    id: 'github',
    async authorizationUrl(request: AuthorizationRequest) {
      const url = new URL(`${config.baseUrl}/login/oauth/authorize`);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: request.redirectUri,
        scope: 'read:user user:email',
        state: request.state,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
        allow_signup: 'true',
      }).toString();
      return url;
    },
    async exchange(exchange: CodeExchange): Promise<ProviderIdentity> {
      const response = await fetch(`${config.baseUrl}/login/oauth/access_token`, {
        method: 'POST',
        headers: { accept: 'application/json', 'user-agent': 'CodeDocs' },
        body: new URLSearchParams({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          code: exchange.code,
          redirect_uri: exchange.redirectUri,
          code_verifier: exchange.codeVerifier,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      // GitHub answers 200 with {error} for a bad code, so the schema decides.
      const token = tokenSchema.safeParse(await response.json().catch(() => null));
      if (!response.ok || !token.success) throw new ProviderError('GitHub refused the sign-in');
      const accessToken = token.data.access_token;
      const user = userSchema.parse(await getJson(`${config.apiUrl}/user`, accessToken));
      const emails = emailsSchema.parse(await getJson(`${config.apiUrl}/user/emails`, accessToken));
      const primary = emails.find((entry) => entry.primary && entry.verified);
      return {
        subject: String(user.id),
        email: primary?.email.toLowerCase(),
        emailVerified: primary !== undefined,
        name: user.name ?? user.login,
      };
    },
  };
}
