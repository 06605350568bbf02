import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  compilationResponseSchema,
  folderMetadataResponseSchema,
  generateFolderResponseSchema,
  livedocsMetadataResponseSchema,
  openFolderResponseSchema,
} from '@codedocs/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildIdOf, removeOrphanBuilds } from '../services/sites/orphan-builds';
import { siteStoreOf } from '../services/sites/staticdocs-service';
import { startGitDaemon, type GitDaemon } from '../test/git-daemon';
import { createFixtureRepo, fixtureGit } from '../test/git-fixtures';
import { FAST_JOB_TIMINGS, waitForTask } from '../test/jobs';
import { connectAndWait, createRepoUser, getAs, postAs, type RepoUser } from '../test/repos';
import { S3RVER_CREDENTIALS, startS3Server, type S3TestServer } from '../test/s3-server';
import { createTestApp, type TestApp } from '../test/test-app';
import { zipEntries } from '../test/zip-entries';
import { s3SiteStore } from './s3-site-store';
import { zipSiteFiles } from './site-zip';

const SOURCE = Array.from(
  { length: 6 },
  (_, i) =>
    `/** Step ${i}. */\nexport function step${i}(n: number): number {\n  return n + ${i};\n}\n`,
);

/**
 * Issue 23: with SITES_S3_BUCKET set, sites are built into, served from, zipped from and
 * removed from S3-compatible storage (a real s3rver), and the local disk holds none of them.
 */
describe('static documentation sites in S3-compatible storage', () => {
  let s3: S3TestServer;
  let root: string;
  let daemon: GitDaemon;
  let testApp: TestApp;
  let owner: RepoUser;
  let compilationId: string;
  const app = () => testApp.app;
  const prefix = 'tenant-a/';
  const bucketStore = () => s3SiteStore(s3.config(prefix), { client: s3.client() });

  beforeAll(async () => {
    s3 = await startS3Server();
    // the SDK's default credential chain reads these, as it would in production
    // (vi.stubEnv: put back after the suite, as the worker process runs other files next)
    vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey);
    root = mkdtempSync(join(tmpdir(), 'codedocs-s3-sites-'));
    createFixtureRepo(
      root,
      'steps',
      Object.fromEntries(SOURCE.map((text, i) => [`src/step${i}.ts`, text])),
    );
    daemon = await startGitDaemon(root);
    testApp = await createTestApp('sqlite', {
      allowPrivateNetwork: true,
      // a build busy highlighting must not look like a dead worker
      jobTimings: { ...FAST_JOB_TIMINGS, staleAfterMs: 30_000 },
      sitesS3: s3.config(prefix),
    });
    owner = await createRepoUser(app(), 's3-sites@example.com');
    const { repoId, task } = await connectAndWait(app(), owner, {
      external_repo_url: daemon.url('steps.git'),
    });
    expect(task.status, task.error ?? '').toBe('succeeded');
    const head = fixtureGit(join(root, 'steps-work'), ['rev-parse', 'main']).trim();
    await waitForTask(app(), `index:${repoId}:${head}`, owner.id, ['succeeded']);
    const objects = livedocsMetadataResponseSchema
      .parse((await getAs(app(), owner, `/api/v0/livedocs/metadata/${repoId}`)).json())
      .metadata.files.flatMap((f) => f.objects.map((o) => o.object_id));
    const created = await postAs(app(), owner, '/api/v0/compilation', { name: 'Steps' });
    compilationId = compilationResponseSchema.parse(created.json()).compilation.compilation_id;
    await postAs(app(), owner, '/api/v0/compilation/object', {
      compilation_id: compilationId,
      object_ids: objects,
    });
  });

  afterAll(async () => {
    await testApp?.close();
    await daemon?.stop();
    await s3?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
    vi.unstubAllEnvs();
  });

  const build = async (url: string, payload: object = {}) => {
    const response = await postAs(app(), owner, url, payload);
    expect(response.statusCode, response.body).toBe(202);
    const answer = generateFolderResponseSchema.parse(response.json());
    const task = await waitForTask(
      app(),
      answer.task_id,
      owner.id,
      ['succeeded', 'failed'],
      60_000,
    );
    expect(task.status, task.error ?? '').toBe('succeeded');
    return answer;
  };
  const metadata = async (folderId: string) =>
    folderMetadataResponseSchema.parse(
      (
        await getAs(app(), owner, `/api/v1/staticdocs/folder/${folderId}/metadata?limit=200`)
      ).json(),
    );

  it('builds into the bucket, serves each file and the zip from it, and cleans up after itself', async () => {
    expect(siteStoreOf(app().services)).toBe(siteStoreOf(app().services));
    const { folder_id: folderId } = await build('/api/v1/staticdocs/generate/compilation', {
      compilation_id: compilationId,
      folder_name: 'Steps',
    });
    const first = await metadata(folderId);
    expect(first.folder.status).toBe('ready');
    const builds = await bucketStore().builds();
    expect([...builds.keys()]).toEqual([folderId]);
    expect(builds.get(folderId)).toHaveLength(1);

    // every file through the API, byte for byte what the build recorded
    for (const file of first.files) {
      const response = await getAs(
        app(),
        owner,
        `/api/v1/staticdocs/folder/${folderId}/file/${file.file_id}`,
      );
      expect(response.statusCode, file.path).toBe(200);
      expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(file.sha256);
    }
    // the whole site as a zip, streamed from the bucket
    const zip = await getAs(app(), owner, `/api/v1/staticdocs/folder/${folderId}/files`);
    expect(zip.statusCode).toBe(200);
    const entries = await zipEntries(zip.rawPayload);
    expect([...entries.keys()].sort()).toEqual(first.files.map((f) => f.path).sort());
    for (const file of first.files) {
      expect(createHash('sha256').update(entries.get(file.path)!).digest('hex')).toBe(file.sha256);
    }
    // zipped from the bucket with files opened ahead: GETs overlap, never more than the bound
    const counted = s3.client();
    let inFlight = 0;
    let most = 0;
    counted.middlewareStack.add(
      (next) => async (args) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        try {
          // each request as slow as one to a distant bucket, so overlapping shows
          await new Promise((resolve) => setTimeout(resolve, 25));
          return await next(args);
        } finally {
          inFlight -= 1;
        }
      },
      { step: 'initialize', name: 'countInFlight' },
    );
    const countedStore = s3SiteStore(s3.config(prefix), { client: counted });
    const [buildId] = builds.get(folderId)!;
    expect(first.files.length).toBeGreaterThan(3);
    const ahead = await zipEntries(
      Buffer.concat(
        await zipSiteFiles(countedStore, folderId, buildId!, first.files, {
          mtime: new Date(),
          ahead: 3,
        }).toArray(),
      ),
    );
    expect([...ahead.keys()]).toEqual(first.files.map((f) => f.path));
    for (const file of first.files) {
      expect(createHash('sha256').update(ahead.get(file.path)!).digest('hex')).toBe(file.sha256);
    }
    expect(most).toBe(3);
    // a file missing from the bucket ends the zip with an error, and says which
    const failures: Error[] = [];
    const broken = zipSiteFiles(
      countedStore,
      folderId,
      buildId!,
      [...first.files.slice(0, 2), { path: 'gone.html', size: 1 }, ...first.files.slice(2)],
      { mtime: new Date(), ahead: 3, onError: (error) => failures.push(error) },
    );
    await expect(broken.toArray()).rejects.toThrow('a file of the site is missing: gone.html');
    expect(failures.map((e) => e.message)).toEqual(['a file of the site is missing: gone.html']);

    // the site opened through its short-lived link
    const opened = await postAs(app(), owner, `/api/v1/staticdocs/folder/${folderId}/open`, {});
    const { url } = openFolderResponseSchema.parse(opened.json());
    const index = await app().inject({ method: 'GET', url: new URL(url).pathname });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('Steps');
    const missing = await app().inject({
      method: 'GET',
      url: new URL(url).pathname.replace('index.html', 'nope.html'),
    });
    expect(missing.statusCode).toBe(404);

    // an update publishes a new build and removes the one it replaced
    const [before] = builds.get(folderId)!;
    await build(`/api/v1/staticdocs/folder/${folderId}/update`);
    const after = (await bucketStore().builds()).get(folderId);
    expect(after).toHaveLength(1);
    expect(after).not.toContain(before);
    expect((await metadata(folderId)).files.map((f) => f.path).sort()).toEqual(
      first.files.map((f) => f.path).sort(),
    );

    // a build a killed worker left half written is never served; the clean-up removes it
    const killed = `site:${folderId}:killed`;
    const half = bucketStore().writer(folderId, `${buildIdOf(killed)}-00000000`);
    await half.write('index.html', '<p>half');
    await half.finish();
    expect((await bucketStore().builds()).get(folderId)).toHaveLength(2);
    const again = await app().inject({ method: 'GET', url: new URL(url).pathname });
    expect(again.body).not.toContain('<p>half');
    expect(await removeOrphanBuilds(app().db, siteStoreOf(app().services))).toBe(1);
    expect((await bucketStore().builds()).get(folderId)).toEqual(after);

    // deleting the folder deletes its objects
    const deleted = await app().inject({
      method: 'DELETE',
      url: `/api/v1/staticdocs/folders/created/${folderId}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await bucketStore().builds()).size).toBe(0);
  });
});
