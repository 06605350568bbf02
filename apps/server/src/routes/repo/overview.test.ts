import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  livedocsMetadataResponseSchema,
  overviewSaveResponseSchema,
  repoOverviewResponseSchema,
  type RepoOverview,
} from '@codedocs/contract';
import { buildSite } from '@codedocs/sitegen';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOverview } from '../../repositories/overview-repository';
import { buildSiteModel } from '../../services/sites/site-model';
import { startGitDaemon, type GitDaemon } from '../../test/git-daemon';
import { createFixtureRepo, fixtureGit } from '../../test/git-fixtures';
import { FAST_JOB_TIMINGS, waitForTask } from '../../test/jobs';
import { connectAndWait, createRepoUser, getAs, postAs, type RepoUser } from '../../test/repos';
import { createTestApp, testDialects, type TestApp } from '../../test/test-app';

const dialects = await testDialects();

// A Python package in the src/ layout: a console script, `python -m`, modules calling each other.
const PYPROJECT = `[project]
name = "ledger"
version = "0.3.0"

[project.scripts]
ledger = "ledger.cli:main"
`;
const FILES = {
  'pyproject.toml': PYPROJECT,
  'src/ledger/__init__.py': 'from .book import Book\n',
  'src/ledger/__main__.py': 'from .cli import main\n\nmain()\n',
  'src/ledger/cli.py': [
    'from .book import Book, load_book',
    '',
    'def main(argv=None):',
    '    book = load_book("ledger.csv")',
    '    print(book.balance())',
    '    return 0',
    '',
  ].join('\n'),
  'src/ledger/book.py': [
    'class Book:',
    '    def __init__(self, rows):',
    '        self.rows = rows',
    '',
    '    def balance(self):',
    '        return sum(r[1] for r in self.rows)',
    '',
    'def load_book(path):',
    '    return Book([])',
    '',
  ].join('\n'),
  'tests/test_book.py': [
    'from ledger.book import load_book',
    '',
    'def test_empty():',
    '    assert load_book("x").rows == []',
    '',
  ].join('\n'),
};

describe.each(dialects)('repository overview on %s', (dialect) => {
  let root: string;
  let daemon: GitDaemon;
  let testApp: TestApp;
  let owner: RepoUser;
  let other: RepoUser;
  let repoId: string;

  const app = () => testApp.app;
  const work = () => join(root, 'ledger-work');
  const head = () => fixtureGit(work(), ['rev-parse', 'main']).trim();
  const read = async (user = owner): Promise<RepoOverview> => {
    const response = await getAs(app(), user, `/api/v0/repo/${repoId}/overview`);
    expect(response.statusCode, response.body).toBe(200);
    return repoOverviewResponseSchema.parse(response.json()).overview;
  };
  const save = (body: object, user = owner, id = repoId) =>
    postAs(app(), user, `/api/v0/repo/${id}/overview/save`, body);
  const section = (overview: RepoOverview, id: string) =>
    overview.sections.find((s) => s.section_id === id)!;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'codedocs-overview-'));
    createFixtureRepo(root, 'ledger', FILES);
    daemon = await startGitDaemon(root);
    testApp = await createTestApp(dialect, {
      allowPrivateNetwork: true,
      jobTimings: FAST_JOB_TIMINGS,
    });
    owner = await createRepoUser(app(), 'owner@example.com');
    other = await createRepoUser(app(), 'other@example.com');
    const connected = await connectAndWait(app(), owner, {
      external_repo_url: daemon.url('ledger.git'),
    });
    expect(connected.task.status, connected.task.error ?? '').toBe('succeeded');
    repoId = connected.repoId;
    const index = await waitForTask(app(), `index:${repoId}:${head()}`, owner.id, [
      'succeeded',
      'failed',
    ]);
    expect(index.status, index.error ?? '').toBe('succeeded');
  });

  afterAll(async () => {
    await testApp?.close();
    await daemon?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('has the facts ready once the commit is indexed, before anyone reads the overview', async () => {
    const stored = await findOverview(app().db, repoId);
    expect(stored?.commit_id).toBe(head());
    const overview = await read();
    expect(overview.generated_at).toBe(stored!.generated_at);
  });

  it('answers facts read from the indexed commit and a text per section', async () => {
    const overview = await read();
    expect(overview.commit_id).toBe(head());
    const { facts } = overview;
    expect(facts.entry_points.map((e) => [e.kind, e.name, e.file_path])).toEqual([
      ['command', 'ledger', 'src/ledger/cli.py'],
      ['python_module', 'python -m ledger', 'src/ledger/__main__.py'],
    ]);
    expect(facts.entry_points[0]!.object?.qualified_name).toBe('main');
    expect(facts.most_used[0]).toMatchObject({ qualified_name: 'load_book', callers: 2 });
    expect(facts.dependencies).toContainEqual({
      from: 'src/ledger/cli.py',
      to: 'src/ledger/book.py',
      imports: 1,
    });
    expect(overview.sections.map((s) => s.section_id)).toEqual([
      'summary',
      'entry_points',
      'modules',
      'dependencies',
      'most_used',
      'public_api',
    ]);
    const entries = section(overview, 'entry_points');
    expect(entries).toMatchObject({ source: 'generated', version: 0, stale: false });
    expect(entries.value).toBe(
      '- `ledger`: command declared in `pyproject.toml`, runs `main` in `src/ledger/cli.py`.\n' +
        '- `python -m ledger`: runnable package.',
    );
    // the object ids are the live docs' ids: the app can open them there
    const metadata = livedocsMetadataResponseSchema.parse(
      (await getAs(app(), owner, `/api/v0/livedocs/metadata/${repoId}`)).json(),
    );
    const ids = new Set(metadata.metadata.files.flatMap((f) => f.objects.map((o) => o.object_id)));
    expect(ids.has(facts.most_used[0]!.object_id)).toBe(true);
    // stored once for the commit
    const stored = await app()
      .db.selectFrom('repo_overviews')
      .select(['commit_id'])
      .where('repo_id', '=', repoId)
      .execute();
    expect(stored).toEqual([{ commit_id: head() }]);
  });

  it("answers 404 for another user's repository and an unknown one, 401 without a login", async () => {
    const theirs = await getAs(app(), other, `/api/v0/repo/${repoId}/overview`);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('ledger');
    expect((await getAs(app(), owner, `/api/v0/repo/${randomUUID()}/overview`)).statusCode).toBe(
      404,
    );
    const write = await save({ section_id: 'summary', doc: 'mine now' }, other);
    expect(write.statusCode).toBe(404);
    const anonymous = await app().inject({ method: 'GET', url: `/api/v0/repo/${repoId}/overview` });
    expect(anonymous.statusCode).toBe(401);
    expect(section(await read(), 'summary').source).toBe('generated');
  });

  it('refuses an unknown section and a stale version, naming what is wrong', async () => {
    const bad = await save({ section_id: 'everything', doc: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('body.section_id');
    const first = await save({ section_id: 'summary', doc: 'A ledger for CSV books.', version: 0 });
    expect(first.statusCode, first.body).toBe(200);
    const saved = overviewSaveResponseSchema.parse(first.json()).section;
    expect(saved).toMatchObject({ source: 'edited', version: 1, value: 'A ledger for CSV books.' });
    expect(saved.updated_by).toBe('Ada');
    const late = await save({ section_id: 'summary', doc: 'Someone else', version: 0 });
    expect(late.statusCode).toBe(409);
    expect(section(await read(), 'summary').value).toBe('A ledger for CSV books.');
  });

  it('keeps edits when the repository is re-indexed, and flags the ones whose facts changed', async () => {
    const before = await read();
    const edited = await save({
      section_id: 'entry_points',
      doc: 'Run `ledger` to print the balance.',
      version: section(before, 'entry_points').version,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    writeFileSync(
      join(work(), 'pyproject.toml'),
      `${PYPROJECT}ledger-check = "ledger.book:load_book"\n`,
    );
    fixtureGit(work(), ['commit', '-q', '-am', 'a second script']);
    fixtureGit(work(), ['push', '-q', join(root, 'ledger.git'), 'main']);
    const synced = await postAs(
      app(),
      owner,
      '/api/v0/repo/sync',
      { repo_id: repoId },
      { 'x-task-id': randomUUID() },
    );
    expect(synced.statusCode, synced.body).toBe(200);

    const after = await read();
    expect(after.commit_id).toBe(head());
    expect(after.commit_id).not.toBe(before.commit_id);
    expect(after.facts.entry_points.map((e) => e.name)).toContain('ledger-check');
    const entries = section(after, 'entry_points');
    expect(entries).toMatchObject({
      value: 'Run `ledger` to print the balance.',
      source: 'edited',
      stale: true,
    });
    expect(entries.generated).toContain('`ledger-check`');
    // the summary's facts changed too; a section whose facts held is not flagged
    const summary = section(after, 'summary');
    expect(summary.value).toBe('A ledger for CSV books.');
    const modules = section(after, 'modules');
    expect(modules).toMatchObject({ source: 'generated', stale: false });
  });

  it('puts the overview, edits included, into the site of a compilation', async () => {
    const metadata = livedocsMetadataResponseSchema.parse(
      (await getAs(app(), owner, `/api/v0/livedocs/metadata/${repoId}`)).json(),
    );
    const objectId = metadata.metadata.files
      .flatMap((f) => f.objects)
      .find((o) => o.qualified_name === 'load_book')!.object_id;
    const created = await postAs(app(), owner, '/api/v0/compilation', { name: 'Ledger docs' });
    expect(created.statusCode, created.body).toBe(201);
    const compilationId: string = created.json().compilation.compilation_id;
    const added = await postAs(app(), owner, '/api/v0/compilation/object', {
      compilation_id: compilationId,
      object_ids: [objectId],
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    const model = await buildSiteModel(
      app().services,
      owner.id,
      { id: compilationId, name: 'Ledger docs' },
      'Ledger docs',
      '2026-11-25T12:00:00.000Z',
    );
    const overview = model.repositories[0]!.overview!;
    expect(overview.sections.find((s) => s.section_id === 'entry_points')!.value).toBe(
      'Run `ledger` to print the balance.',
    );
    const files = new Map<string, string>();
    await buildSite(model, {
      write: async (path, data) =>
        void files.set(path, typeof data === 'string' ? data : Buffer.from(data).toString('utf8')),
    });
    const page = [...files].find(([path]) => path.endsWith('/overview.html'));
    expect(page?.[1]).toContain('Run <code>ledger</code> to print the balance.');
    expect(page?.[1]).toContain('class="call-graph module-graph"');
  });
});
