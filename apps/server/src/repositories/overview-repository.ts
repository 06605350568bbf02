import type { Db } from './db';

/** Paths of a listed commit and the blobs of its manifests (package.json, pyproject.toml, …). */
export async function listCommitPaths(
  db: Db,
  repoId: string,
  commitId: string,
): Promise<{ path: string; name: string; blob_sha: string }[]> {
  return db
    .selectFrom('files')
    .select(['path', 'name', 'blob_sha'])
    .where('repo_id', '=', repoId)
    .where('commit_id', '=', commitId)
    .orderBy('path')
    .execute();
}

/** The stored overview facts of a repository (one row: the latest computed). */
export async function findOverview(db: Db, repoId: string) {
  return db
    .selectFrom('repo_overviews')
    .selectAll()
    .where('repo_id', '=', repoId)
    .executeTakeFirst();
}

/** Stores the facts computed for a commit in place of the previous ones. */
export async function upsertOverview(
  db: Db,
  row: { repo_id: string; commit_id: string; schema_version: number; facts: string },
  now: string,
): Promise<void> {
  await db
    .insertInto('repo_overviews')
    .values({ ...row, generated_at: now })
    .onConflict((oc) =>
      oc.column('repo_id').doUpdateSet({
        commit_id: row.commit_id,
        schema_version: row.schema_version,
        facts: row.facts,
        generated_at: now,
      }),
    )
    .execute();
}

/** The sections people wrote for a repository's overview, with the writer's name. */
export async function listOverviewSections(db: Db, repoId: string) {
  return db
    .selectFrom('overview_sections')
    .leftJoin('users', 'users.id', 'overview_sections.updated_by')
    .select([
      'overview_sections.section_id',
      'overview_sections.value',
      'overview_sections.written_at_commit',
      'overview_sections.generated_hash_at_write',
      'overview_sections.updated_at',
      'overview_sections.version',
      'users.name as updated_by_name',
    ])
    .where('overview_sections.repo_id', '=', repoId)
    .execute();
}

export type OverviewSectionWrite = {
  repo_id: string;
  section_id: string;
  value: string;
  written_at_commit: string;
  generated_hash_at_write: string;
  updated_at: string;
  updated_by: string;
};

/**
 * Writes a person's section if it is still at `expected` (0: never written), in one statement;
 * the new version, or null when someone else wrote it first.
 */
export async function writeOverviewSectionIfVersion(
  db: Db,
  write: OverviewSectionWrite,
  expected: number,
): Promise<number | null> {
  if (expected === 0) {
    const inserted = await db
      .insertInto('overview_sections')
      .values({ ...write, version: 1 })
      .onConflict((oc) => oc.columns(['repo_id', 'section_id']).doNothing())
      .returning('version')
      .executeTakeFirst();
    return inserted ? Number(inserted.version) : null;
  }
  const updated = await db
    .updateTable('overview_sections')
    .set((eb) => ({
      value: write.value,
      written_at_commit: write.written_at_commit,
      generated_hash_at_write: write.generated_hash_at_write,
      updated_at: write.updated_at,
      updated_by: write.updated_by,
      version: eb('version', '+', 1),
    }))
    .where('repo_id', '=', write.repo_id)
    .where('section_id', '=', write.section_id)
    .where('version', '=', expected)
    .returning('version')
    .executeTakeFirst();
  return updated ? Number(updated.version) : null;
}
