import { describe, expect, it } from 'vitest';
import {
  insertNewFields,
  writeFieldIfVersion,
  type FieldWrite,
} from '../../repositories/docs-repository';
import { useGitAppBed } from '../../test/git-app-bed';
import { createFixtureRepo, fixtureGit } from '../../test/git-fixtures';
import { waitForTask } from '../../test/jobs';
import { connectAndWait, createRepoUser } from '../../test/repos';
import { testDialects } from '../../test/test-app';

const dialects = await testDialects();

describe.each(dialects)('batched writes of generated fields on %s', (dialect) => {
  const bed = useGitAppBed(dialect, 'codedocs-generation-');

  it('insert only fields nobody wrote meanwhile, and say which', async () => {
    createFixtureRepo(bed.root, 'gen', { 'a.py': 'def one():\n    return 1\n' });
    const { app, daemon } = await bed.start();
    const user = await createRepoUser(app, 'gen@example.com');
    const { repoId } = await connectAndWait(app, user, {
      external_repo_url: daemon.url('gen.git'),
    });
    const head = fixtureGit(`${bed.root}/gen-work`, ['rev-parse', 'main']).trim();
    await waitForTask(app, `index:${repoId}:${head}`, user.id, ['succeeded']);
    const object = await app.db
      .selectFrom('code_objects')
      .select(['id', 'code_hash'])
      .where('repo_id', '=', repoId)
      .where('name', '=', 'one')
      .executeTakeFirstOrThrow();
    const write = (fieldId: string, value: string, source = 'generated'): FieldWrite => ({
      repo_id: repoId,
      object_id: object.id,
      field_id: fieldId,
      value,
      source,
      written_at_commit: head,
      code_hash_at_write: object.code_hash,
      updated_at: new Date().toISOString(),
      updated_by: user.id,
    });
    // a person's save lands between the run reading the fields and writing them
    expect(await writeFieldIfVersion(app.db, write('summary', 'Mine.', 'edited'), 0)).toBe(1);

    const written = await insertNewFields(app.db, [
      write('summary', 'Generated summary.'),
      write('description', 'Generated description.'),
    ]);
    expect([...written]).toEqual([`${object.id}\0description`]);
    const rows = await app.db
      .selectFrom('docs')
      .select(['field_id', 'value', 'source', 'version'])
      .where('object_id', '=', object.id)
      .orderBy('field_id')
      .execute();
    expect(rows).toEqual([
      { field_id: 'description', value: 'Generated description.', source: 'generated', version: 1 },
      { field_id: 'summary', value: 'Mine.', source: 'edited', version: 1 },
    ]);
  });
});
