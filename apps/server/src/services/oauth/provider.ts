import type { OAuthProvider } from '@codedocs/contract';

/** What the authorize step sends to a provider; kept in the state cookie until the callback. */
export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  codeChallenge: string;
  nonce: string;
}

/** What the callback step needs to redeem the code. */
export interface CodeExchange {
  code: string;
  state: string;
  iss: string | undefined;
  redirectUri: string;
  codeVerifier: string;
  nonce: string;
}

/** The person the provider vouches for. Only a verified address may be used for linking. */
export interface ProviderIdentity {
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string;
}

/** One sign-in provider: builds the authorization URL and redeems the returned code. */
export interface OAuthClient {
  readonly id: OAuthProvider;
  authorizationUrl(request: AuthorizationRequest): Promise<URL>;
  exchange(exchange: CodeExchange): Promise<ProviderIdentity>;
}

/** Raised when the provider refuses the code or answers something unusable. */
export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
  }
}
