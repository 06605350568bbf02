import type { Doc } from '@codedocs/db';
import { sql } from 'kysely';
import type { Db } from './db';
import { usableSummaryRow } from './doc-status-sql';

/**
 * Per object, over its non-empty fields: the lowest and highest code hash they were written
 * against, how many there are and when the latest changed. Equal hashes matching the object's
 * current hash mean documented; anything else with fields means stale.
 */
export interface DocState {
  object_id: string;
  lo: string | null;
  hi: string | null;
  /** Non-empty fields. */
  filled: number;
  /** Every stored field, empty ones (nothing to say) included. */
  rows: number;
  nulls: number;
  /** 1 when the summary is a person's, the author's, or accepted generated text (else 0). */
  usable_summary: number;
  last_updated: string | null;
}

/** Doc states of one repository's objects (docs are keyed by repository, migration 0007). */
function docStates(db: Db, repoId: string) {
  const filledHash = sql`case when docs.value <> '' then docs.code_hash_at_write end`;
  return db
    .selectFrom('docs')
    .select([
      'docs.object_id',
      sql<string | null>`min(${filledHash})`.as('lo'),
      sql<string | null>`max(${filledHash})`.as('hi'),
      sql<number | string>`sum(case when docs.value <> '' then 1 else 0 end)`.as('filled'),
      sql<number | string>`count(*)`.as('rows'),
      sql<
        number | string
      >`sum(case when docs.value <> '' and docs.code_hash_at_write is null then 1 else 0 end)`.as(
        'nulls',
      ),
      sql<
        number | string
      >`max(case when ${usableSummaryRow(sql.ref('docs'))} then 1 else 0 end)`.as('usable_summary'),
      sql<string | null>`max(docs.updated_at)`.as('last_updated'),
    ])
    .where('docs.repo_id', '=', repoId)
    .groupBy('docs.object_id');
}

function normalise(row: {
  object_id: string;
  lo: string | null;
  hi: string | null;
  filled: number | string | null;
  rows: number | string;
  nulls: number | string | null;
  usable_summary: number | string | null;
  last_updated: unknown;
}): DocState {
  return {
    object_id: row.object_id,
    lo: row.lo,
    hi: row.hi,
    filled: Number(row.filled ?? 0),
    rows: Number(row.rows),
    nulls: Number(row.nulls ?? 0),
    usable_summary: Number(row.usable_summary ?? 0),
    last_updated:
      row.last_updated === null ? null : new Date(String(row.last_updated)).toISOString(),
  };
}

/** Doc states of every documented object of a repository. */
export async function docStatesOfRepo(db: Db, repoId: string): Promise<DocState[]> {
  const rows = await docStates(db, repoId).execute();
  return rows.map(normalise);
}

/** Doc states of these objects of one repository. */
export async function docStatesOfObjects(
  db: Db,
  repoId: string,
  ids: readonly string[],
): Promise<DocState[]> {
  const out: DocState[] = [];
  for (let start = 0; start < ids.length; start += 300) {
    const batch = ids.slice(start, start + 300);
    if (batch.length === 0) continue;
    const rows = await docStates(db, repoId).where('docs.object_id', 'in', batch).execute();
    out.push(...rows.map(normalise));
  }
  return out;
}

/** Every field row of these objects of one repository. */
export async function listDocsOfObjects(
  db: Db,
  repoId: string,
  ids: readonly string[],
): Promise<Doc[]> {
  const out: Doc[] = [];
  for (let start = 0; start < ids.length; start += 300) {
    const batch = ids.slice(start, start + 300);
    if (batch.length === 0) continue;
    out.push(
      ...(await db
        .selectFrom('docs')
        .selectAll()
        .where('repo_id', '=', repoId)
        .where('object_id', 'in', batch)
        .execute()),
    );
  }
  return out;
}

/** What a field write stores. */
export interface FieldWrite {
  repo_id: string;
  object_id: string;
  field_id: string;
  value: string;
  source: string;
  written_at_commit: string | null;
  code_hash_at_write: string | null;
  updated_at: string;
  updated_by: string | null;
}

/**
 * Writes a field only if it is still at `expectedVersion` (0: not written yet), as one statement,
 * so two writers cannot both succeed. Returns the new version, or null when the field moved on.
 */
export async function writeFieldIfVersion(
  db: Db,
  write: FieldWrite,
  expectedVersion: number,
): Promise<number | null> {
  if (expectedVersion === 0) {
    const inserted = await db
      .insertInto('docs')
      .values({ ...write, version: 1 })
      .onConflict((c) => c.columns(['repo_id', 'object_id', 'field_id']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1 ? 1 : null;
  }
  const updated = await db
    .updateTable('docs')
    .set({
      value: write.value,
      source: write.source,
      written_at_commit: write.written_at_commit,
      code_hash_at_write: write.code_hash_at_write,
      updated_at: write.updated_at,
      updated_by: write.updated_by,
      // new text is nobody's accepted text yet
      accepted_at: null,
      accepted_by: null,
      version: expectedVersion + 1,
    })
    .where('repo_id', '=', write.repo_id)
    .where('object_id', '=', write.object_id)
    .where('field_id', '=', write.field_id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1 ? expectedVersion + 1 : null;
}

/**
 * Marks a generated (or model) field as accepted by `userId`, if it is still at `version` and
 * has text. Answers whether it was marked (false: the field moved on, or is not generated).
 */
export async function acceptFieldIfVersion(
  db: Db,
  key: { repo_id: string; object_id: string; field_id: string },
  version: number,
  accepted: { at: string; by: string },
): Promise<boolean> {
  const updated = await db
    .updateTable('docs')
    .set({ accepted_at: accepted.at, accepted_by: accepted.by })
    .where('repo_id', '=', key.repo_id)
    .where('object_id', '=', key.object_id)
    .where('field_id', '=', key.field_id)
    .where('version', '=', version)
    .where('source', 'in', ['generated', 'model'])
    .where('value', '<>', '')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Appends a field version to its history. */
export async function insertRevision(
  db: Db,
  revision: FieldWrite & { id: string; version: number },
): Promise<void> {
  await insertRevisions(db, [revision]);
}

/** Rows per statement of the batched writes (11 columns each: far below both databases' limits). */
const WRITE_BATCH = 500;

/** A revision row per written field version, many per statement. */
export async function insertRevisions(
  db: Db,
  revisions: readonly (FieldWrite & { id: string; version: number })[],
): Promise<void> {
  for (let start = 0; start < revisions.length; start += WRITE_BATCH) {
    await db
      .insertInto('doc_revisions')
      .values(
        revisions.slice(start, start + WRITE_BATCH).map((revision) => ({
          id: revision.id,
          repo_id: revision.repo_id,
          object_id: revision.object_id,
          field_id: revision.field_id,
          version: revision.version,
          value: revision.value,
          source: revision.source,
          written_at_commit: revision.written_at_commit,
          code_hash_at_write: revision.code_hash_at_write,
          created_at: revision.updated_at,
          created_by: revision.updated_by,
        })),
      )
      .execute();
  }
}

/**
 * Writes fields that had no row yet as version 1, many per statement, and answers the
 * `object_id\0field_id` keys actually written: a field someone created meanwhile is left to them
 * (ON CONFLICT DO NOTHING), exactly as writeFieldIfVersion does with expected version 0.
 */
export async function insertNewFields(db: Db, writes: readonly FieldWrite[]): Promise<Set<string>> {
  const written = new Set<string>();
  for (let start = 0; start < writes.length; start += WRITE_BATCH) {
    const rows = await db
      .insertInto('docs')
      .values(writes.slice(start, start + WRITE_BATCH).map((write) => ({ ...write, version: 1 })))
      .onConflict((c) => c.columns(['repo_id', 'object_id', 'field_id']).doNothing())
      .returning(['object_id', 'field_id'])
      .execute();
    for (const row of rows) written.add(`${row.object_id}\0${row.field_id}`);
  }
  return written;
}

/** Marks every non-empty field of an object as checked against this code (values unchanged). */
export async function markFieldsReviewed(
  db: Db,
  repoId: string,
  objectId: string,
  codeHash: string,
  commitId: string,
): Promise<void> {
  await db
    .updateTable('docs')
    .set({ code_hash_at_write: codeHash, written_at_commit: commitId })
    .where('repo_id', '=', repoId)
    .where('object_id', '=', objectId)
    .where('value', '<>', '')
    .execute();
}

/** A field's saved versions, newest first. */
export async function listRevisions(db: Db, repoId: string, objectId: string, fieldId: string) {
  return db
    .selectFrom('doc_revisions')
    .selectAll()
    .where('repo_id', '=', repoId)
    .where('object_id', '=', objectId)
    .where('field_id', '=', fieldId)
    .orderBy('version', 'desc')
    .orderBy('created_at', 'desc')
    .limit(200)
    .execute();
}

/** Objects generated by a user in a month (`YYYY-MM`). */
export async function generationUsage(db: Db, userId: string, month: string): Promise<number> {
  const row = await db
    .selectFrom('generation_usage')
    .select('objects')
    .where('user_id', '=', userId)
    .where('month', '=', month)
    .executeTakeFirst();
  return Number(row?.objects ?? 0);
}

/** Adds generated objects to a user's month. */
export async function addGenerationUsage(
  db: Db,
  userId: string,
  month: string,
  objects: number,
): Promise<void> {
  await db
    .insertInto('generation_usage')
    .values({ user_id: userId, month, objects })
    .onConflict((c) =>
      c.columns(['user_id', 'month']).doUpdateSet((eb) => ({
        objects: sql`${eb.ref('generation_usage.objects')} + ${objects}`,
      })),
    )
    .execute();
}

/** An object's code hash as engines before schema 10 computed it, and the same code's hash now. */
export interface LegacyHash {
  objectId: string;
  legacy: string;
  current: string;
}

/** Object ids per statement of the legacy-hash rebase. */
const REBASE_BATCH = 300;

/**
 * Moves docs and their saved versions stored against an object's legacy code hash to its current
 * hash. Both hash the same code (the engine now leaves comments and docstrings out), so a doc
 * written against that code stays fresh and one written against other code stays stale; after
 * an upgrade, no doc is flagged stale by the new hashing alone. Answers how many rows moved.
 */
export async function rebaseLegacyHashes(
  db: Db,
  repoId: string,
  hashes: readonly LegacyHash[],
): Promise<number> {
  let moved = 0;
  for (let start = 0; start < hashes.length; start += REBASE_BATCH) {
    const byId = new Map(hashes.slice(start, start + REBASE_BATCH).map((h) => [h.objectId, h]));
    for (const table of ['docs', 'doc_revisions'] as const) {
      const stored = await db
        .selectFrom(table)
        .select(['object_id', 'code_hash_at_write'])
        .distinct()
        .where('repo_id', '=', repoId)
        .where('object_id', 'in', [...byId.keys()])
        .execute();
      for (const row of stored) {
        const hash = byId.get(row.object_id);
        if (!hash || row.code_hash_at_write !== hash.legacy) continue;
        const updated = await db
          .updateTable(table)
          .set({ code_hash_at_write: hash.current })
          .where('repo_id', '=', repoId)
          .where('object_id', '=', hash.objectId)
          .where('code_hash_at_write', '=', hash.legacy)
          .executeTakeFirst();
        moved += Number(updated.numUpdatedRows);
      }
    }
  }
  return moved;
}
