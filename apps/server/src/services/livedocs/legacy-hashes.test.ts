import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { indexFile } from '@codedocs/engine';
import { describe, expect, it } from 'vitest';
import { insertRevision, writeFieldIfVersion } from '../../repositories/docs-repository';
import type { Db } from '../../repositories/db';
import { useGitAppBed } from '../../test/git-app-bed';
import { createFixtureRepo, fixtureGit } from '../../test/git-fixtures';
import { connectIndexed, createRepoUser, syncRepo } from '../../test/repos';
import { testDialects } from '../../test/test-app';
import { indexCommit } from './indexing';

const dialects = await testDialects();

const MOD = 'def f(a):\n    return a\n\n\ndef g(b):\n    """Old doc."""\n    return b + 1\n';

/** A summary written for an object against `hash` (what the docs table and its history hold). */
async function writeSummary(db: Db, repoId: string, objectId: string, hash: string) {
  const write = {
    repo_id: repoId,
    object_id: objectId,
    field_id: 'summary',
    value: `About ${objectId}.`,
    source: 'user',
    written_at_commit: null,
    code_hash_at_write: hash,
    updated_at: new Date().toISOString(),
    updated_by: null,
  };
  expect(await writeFieldIfVersion(db, write, 0)).toBe(1);
  await insertRevision(db, { ...write, id: `rev-${objectId}`, version: 1 });
}

/** Each object's registry hash and its summary's stored hashes (doc, then history), by name. */
async function hashes(db: Db, repoId: string) {
  const objects = await db
    .selectFrom('code_objects')
    .select(['id', 'name', 'kind', 'code_hash'])
    .where('repo_id', '=', repoId)
    .where('kind', '=', 'function')
    .execute();
  const out = new Map<string, { id: string; code: string; doc?: string; revision?: string }>();
  for (const object of objects) {
    const doc = await db
      .selectFrom('docs')
      .select('code_hash_at_write')
      .where('object_id', '=', object.id)
      .executeTakeFirst();
    const revision = await db
      .selectFrom('doc_revisions')
      .select('code_hash_at_write')
      .where('object_id', '=', object.id)
      .executeTakeFirst();
    out.set(object.name, {
      id: object.id,
      code: object.code_hash,
      ...(doc?.code_hash_at_write && { doc: doc.code_hash_at_write }),
      ...(revision?.code_hash_at_write && { revision: revision.code_hash_at_write }),
    });
  }
  return out;
}

describe.each(dialects)('code hashes without comments on %s', (dialect) => {
  const bed = useGitAppBed(dialect, 'codedocs-legacy-hashes-');

  it('keeps docs fresh across the upgrade and across docs written back into the code', async () => {
    const work = join(bed.root, 'legacy-work');
    const bare = join(bed.root, 'legacy.git');
    createFixtureRepo(bed.root, 'legacy', { 'pkg/mod.py': MOD });
    const { app, daemon } = await bed.start();
    const user = await createRepoUser(app, 'legacy-hashes@example.com');
    const repoId = await connectIndexed(app, user, daemon.url('legacy.git'), work);
    const head = fixtureGit(work, ['rev-parse', 'main']).trim();
    const indexed = await hashes(app.db, repoId);
    const f = indexed.get('f')!;
    const g = indexed.get('g')!;

    // an install upgraded from an engine that hashed comments and docstrings as code: g's doc
    // was written against g's hash of then (its docstring included), f's against other code
    const model = await indexFile({ path: 'pkg/mod.py', content: MOD }, { repository: repoId });
    const legacyG = model.objects.find((o) => o.name === 'g')!.legacyCodeHash!;
    expect(model.objects.find((o) => o.name === 'g')!.codeHash).toBe(g.code);
    expect(legacyG).toBeDefined();
    expect(legacyG).not.toBe(g.code);
    await writeSummary(app.db, repoId, g.id, legacyG);
    await writeSummary(app.db, repoId, f.id, 'code-of-another-day0');
    // the stored index is of the older schema: the next read of the commit indexes it again
    for (const table of ['repo_indexes', 'file_indexes'] as const)
      await app.db
        .updateTable(table)
        .set({ schema_version: 9 })
        .where('repo_id', '=', repoId)
        .execute();
    const again = await indexCommit(
      { db: app.db, config: app.config, log: app.log, activity: app.activity },
      { repoId, commitId: head },
    );
    expect(again.alreadyIndexed).toBe(false);
    const upgraded = await hashes(app.db, repoId);
    // g's doc and its history now carry the hash the same code has now: fresh, as it was
    expect(upgraded.get('g')).toEqual({ id: g.id, code: g.code, doc: g.code, revision: g.code });
    // f's doc was written against other code: still stale
    expect(upgraded.get('f')).toMatchObject({ code: f.code, doc: 'code-of-another-day0' });

    // docs written back into the code (f gets a docstring and a comment) keep f's hash, so f's
    // doc written against today's code stays fresh after the sync; g's code changes: stale
    await app.db
      .updateTable('docs')
      .set({ code_hash_at_write: f.code })
      .where('object_id', '=', f.id)
      .execute();
    writeFileSync(
      join(work, 'pkg/mod.py'),
      MOD.replace(
        'def f(a):\n',
        'def f(a):\n    """About f.\n\n    Args:\n        a: the value.\n    """\n',
      )
        .replace('return a\n', 'return a  # as given\n')
        .replace('return b + 1', 'return b + 2'),
    );
    fixtureGit(work, ['commit', '-q', '-am', 'docs written back, and a change']);
    fixtureGit(work, ['push', '-q', bare, 'main']);
    const synced = await syncRepo(app, user, repoId);
    expect(synced.statusCode, synced.body).toBe(200);
    const after = await hashes(app.db, repoId);
    expect(after.get('f')).toMatchObject({ code: f.code, doc: f.code });
    expect(after.get('g')!.code).not.toBe(g.code);
    expect(after.get('g')!.doc).toBe(g.code);
  });
});
