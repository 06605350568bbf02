import * as client from 'openid-client';
import type { OidcConfig } from '../../config';
import { ProviderError } from './provider';
import type { AuthorizationRequest, CodeExchange, OAuthClient, ProviderIdentity } from './provider';

const SCOPE = 'openid email profile';

/**
 * openid-client derives the token request's redirect_uri from the callback URL with its whole
 * query removed, but ours carries `?provider=oidc`; this fetch puts the registered one back.
 */
function fetchWithRedirectUri(redirectUri: string): client.CustomFetch {
  return (url, options) => {
    const body = options.body;
    if (body instanceof URLSearchParams && body.get('grant_type') === 'authorization_code') {
      body.set('redirect_uri', redirectUri);
    }
    return fetch(url, options);
  };
}

/**
 * Any OpenID Connect issuer, through openid-client with discovery (fetched on first use and kept;
 * a failed discovery is retried on the next login). Plain http issuers are accepted only on
 * loopback addresses, for local providers and tests.
 */
export function createOidcClient(config: OidcConfig, redirectUri: string): OAuthClient {
  let discovered: Promise<client.Configuration> | undefined;
  const issuer = new URL(config.issuer);
  const insecure =
    issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);

  function configuration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        issuer,
        config.clientId,
        config.clientSecret,
        undefined,
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .then((found) => {
        found[client.customFetch] = fetchWithRedirectUri(redirectUri);
        return found;
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw new ProviderError('OpenID Connect discovery failed', { cause: error });
      });
    return discovered;
  }

  return {
    id: 'oidc',
    async authorizationUrl(request: AuthorizationRequest) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: request.redirectUri,
        scope: SCOPE,
        response_type: 'code',
        state: request.state,
        nonce: request.nonce,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
      });
    },
    async exchange(exchange: CodeExchange): Promise<ProviderIdentity> {
      const found = await configuration();
      const callbackUrl = new URL(exchange.redirectUri);
      callbackUrl.searchParams.set('code', exchange.code);
      callbackUrl.searchParams.set('state', exchange.state);
      // The SPA may not pass `iss` back; with one configured issuer there is no mix-up to detect.
      if (found.serverMetadata().authorization_response_iss_parameter_supported) {
        callbackUrl.searchParams.set('iss', exchange.iss ?? found.serverMetadata().issuer);
      }
      let tokens;
      try {
        tokens = await client.authorizationCodeGrant(found, callbackUrl, {
          pkceCodeVerifier: exchange.codeVerifier,
          expectedState: exchange.state,
          expectedNonce: exchange.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        throw new ProviderError('The provider refused the sign-in', { cause: error });
      }
      const claims = tokens.claims();
      if (!claims) throw new ProviderError('The provider sent no ID token');
      let profile: Record<string, unknown> = claims;
      if (typeof claims.email !== 'string') {
        profile = await client.fetchUserInfo(found, tokens.access_token, claims.sub);
      }
      return {
        subject: claims.sub,
        email: typeof profile.email === 'string' ? profile.email.toLowerCase() : undefined,
        emailVerified: profile.email_verified === true,
        name: typeof profile.name === 'string' ? profile.name : '',
      };
    },
  };
}
