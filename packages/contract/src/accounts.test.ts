import { describe, expect, it } from 'vitest';
import {
  oauthCallbackRequestSchema,
  oauthCallbackResponseSchema,
  sessionResponseSchema,
  verifyResendRequestSchema,
} from './auth';
import { compilationMetadataResponseSchema } from './compilation';
import { repoListResponseSchema } from './repo';

const user = {
  id: 'u1',
  email: 'a@example.com',
  name: 'A',
  email_verified: true,
  login_method: 'oidc',
} as const;

describe('account and list schemas added for issue 3', () => {
  it('lower-cases the address of a verification resend', () => {
    expect(verifyResendRequestSchema.parse({ email: 'A@Example.COM' })).toEqual({
      email: 'a@example.com',
    });
  });

  it('accepts an OAuth callback with or without iss, answered by a session plus next', () => {
    expect(oauthCallbackRequestSchema.parse({ code: 'c', state: 's' })).toEqual({
      code: 'c',
      state: 's',
    });
    expect(oauthCallbackRequestSchema.parse({ code: 'c', state: 's', iss: 'https://i' }).iss).toBe(
      'https://i',
    );
    const answer = { token: 't', user, next: '/app' };
    expect(oauthCallbackResponseSchema.parse(answer)).toEqual(answer);
    // Still a session response for clients that read only token and user.
    expect(sessionResponseSchema.parse(answer)).toEqual({ token: 't', user });
  });

  it('describes the Repo JSON and compilation metadata of DESIGN.md section 5', () => {
    const repo = {
      repo_id: 'r1',
      url: 'https://example.com/a.git',
      name: 'a',
      method: 'ssh',
      branch: 'main',
      default_branch: 'main',
      commit_id: null,
      status: 'connected',
      last_synced: null,
      languages: ['typescript'],
      object_count: 1,
      documented_count: 0,
      generated_count: 0,
      stale_count: 0,
      undocumented_count: 1,
    };
    expect(repoListResponseSchema.parse({ repos: [repo] })).toEqual({ repos: [repo] });
    expect(repoListResponseSchema.safeParse({ repos: [{ ...repo, method: 'ftp' }] }).success).toBe(
      false,
    );
    const metadata = {
      metadata: [
        {
          compilation_id: 'c1',
          name: 'Mine',
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-02T00:00:00.000Z',
          object_count: 2,
          repositories: [
            {
              repo_id: 'r1',
              repo_name: 'a',
              repo_url: 'https://example.com/a.git',
              last_updated: null,
              files: 1,
              objects: 2,
            },
          ],
        },
      ],
    };
    expect(compilationMetadataResponseSchema.parse(metadata)).toEqual(metadata);
  });
});
