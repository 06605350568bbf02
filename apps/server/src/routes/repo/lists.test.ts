import { compilationMetadataResponseSchema, repoListResponseSchema } from '@codedocs/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createVerifiedUser } from '../../test/accounts';
import { createTestApp, testDialects } from '../../test/test-app';
import type { TestApp } from '../../test/test-app';

const dialects = await testDialects();

describe.each(dialects)('the lists the /app loader fetches on %s', (dialect) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp(dialect);
  });

  afterAll(async () => {
    await testApp?.close();
  });

  const get = (url: string, token?: string) =>
    testApp.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('answers empty lists for a new user and 401 without a session', async () => {
    const { token } = await createVerifiedUser(testApp.app, 'empty@example.com');
    expect(repoListResponseSchema.parse((await get('/api/v0/repo', token)).json())).toEqual({
      repos: [],
    });
    expect(
      compilationMetadataResponseSchema.parse(
        (await get('/api/v0/compilation/metadata', token)).json(),
      ),
    ).toEqual({ metadata: [] });
    expect((await get('/api/v0/repo')).statusCode).toBe(401);
    expect((await get('/api/v0/compilation/metadata')).statusCode).toBe(401);
  });

  it("lists only the caller's repos and compilations, with counts", async () => {
    const owner = await createVerifiedUser(testApp.app, 'owner@example.com');
    const stranger = await createVerifiedUser(testApp.app, 'stranger@example.com');
    const db = testApp.app.db;
    await db
      .insertInto('repos')
      .values({
        id: 'repo-1',
        user_id: owner.user.id,
        url: 'https://example.com/one.git',
        name: 'one',
        method: 'https',
        status: 'connected',
        branch: 'main',
        default_branch: 'main',
        head_commit: 'abc',
      })
      .execute();
    const object = (id: string, path: string, language: string) => ({
      id,
      repo_id: 'repo-1',
      file_path: path,
      name: id,
      qualified_name: id,
      kind: 'function',
      language,
      signature: `${id}()`,
      line_start: 1,
      line_end: 2,
      code_hash: `hash-${id}`,
      // at the repo's current commit (objects of other commits are not counted)
      present: 1,
    });
    await db
      .insertInto('code_objects')
      .values([
        object('o1', 'a.ts', 'typescript'),
        object('o2', 'a.ts', 'typescript'),
        object('o3', 'b.py', 'python'),
        // an object the current commit no longer has: neither counted nor its language listed
        { ...object('o4', 'c.rb', 'ruby'), present: 0 },
      ])
      .execute();
    await db
      .insertInto('docs')
      .values([
        {
          repo_id: 'repo-1',
          object_id: 'o1',
          field_id: 'summary',
          value: 'x',
          source: 'generated',
          code_hash_at_write: 'hash-o1',
        },
        {
          repo_id: 'repo-1',
          object_id: 'o2',
          field_id: 'summary',
          value: 'y',
          source: 'generated',
          code_hash_at_write: 'old',
        },
      ])
      .execute();
    await db
      .insertInto('compilations')
      .values({ id: 'comp-1', user_id: owner.user.id, name: 'Mine' })
      .execute();
    await db
      .insertInto('compilation_objects')
      .values([
        { compilation_id: 'comp-1', repo_id: 'repo-1', object_id: 'o1' },
        { compilation_id: 'comp-1', repo_id: 'repo-1', object_id: 'o3' },
      ])
      .execute();

    const repos = repoListResponseSchema.parse((await get('/api/v0/repo', owner.token)).json());
    expect(repos.repos).toEqual([
      {
        repo_id: 'repo-1',
        url: 'https://example.com/one.git',
        name: 'one',
        method: 'https',
        branch: 'main',
        default_branch: 'main',
        commit_id: 'abc',
        status: 'connected',
        last_synced: null,
        languages: ['python', 'typescript'],
        object_count: 3,
        // o1 has generated text only, o2 a field written for older code, o3 nothing
        documented_count: 0,
        generated_count: 1,
        stale_count: 1,
        undocumented_count: 1,
        indexed: false,
        error: null,
        ssh_key_name: null,
        host_key_fingerprint: null,
      },
    ]);
    const metadata = compilationMetadataResponseSchema.parse(
      (await get('/api/v0/compilation/metadata', owner.token)).json(),
    );
    expect(metadata.metadata).toEqual([
      expect.objectContaining({
        compilation_id: 'comp-1',
        name: 'Mine',
        repositories: [
          {
            repo_id: 'repo-1',
            repo_name: 'one',
            repo_url: 'https://example.com/one.git',
            last_updated: null,
            files: 2,
            objects: 2,
          },
        ],
      }),
    ]);

    expect((await get('/api/v0/repo', stranger.token)).json()).toEqual({ repos: [] });
    expect((await get('/api/v0/compilation/metadata', stranger.token)).json()).toEqual({
      metadata: [],
    });
  });
});
