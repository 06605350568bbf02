/**
 * The slice of `oidc-provider` (a test-only dependency without bundled types) that the OIDC
 * login tests use.
 */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface ClientMetadata {
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
    grant_types: string[];
    response_types: string[];
  }

  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }

  interface Configuration {
    clients: ClientMetadata[];
    claims: Record<string, string[]>;
    pkce: { required: () => boolean };
    cookies: { keys: string[] };
    findAccount(context: unknown, id: string): Promise<Account | undefined>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
