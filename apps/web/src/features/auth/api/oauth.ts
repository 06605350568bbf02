import type { OAuthCallbackResponse, OAuthProvider } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/**
 * Where an OAuth button leads: `GET /api/v1/oauth/{provider}/authorize?next=`, which answers
 * 302 to the provider (a full page navigation, not a fetch).
 */
export function oauthAuthorizeUrl(provider: string, next: string): string {
  const search = new URLSearchParams({ next });
  return `${api.v1.base}/oauth/${encodeURIComponent(provider)}/authorize?${search.toString()}`;
}

/** Body of the OAuth callback call. */
export interface OAuthCallbackRequest {
  code: string;
  state: string;
  /** The callback URL's `iss` parameter when the provider sent one (RFC 9207). */
  iss?: string;
}

/**
 * `POST /api/v1/oauth/{provider}/callback {code, state, iss?}` → `{token, user, next}`, where
 * `next` is the path that was given to authorize.
 */
export function completeOAuth(
  provider: OAuthProvider | string,
  body: OAuthCallbackRequest,
): Promise<OAuthCallbackResponse> {
  return api.v1.post<OAuthCallbackResponse>(
    `/oauth/${encodeURIComponent(provider)}/callback`,
    body,
  );
}
