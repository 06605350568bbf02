import { sql, type RawBuilder } from 'kysely';

/**
 * The documentation-status rule of `services/livedocs/doc-status.ts` (`statusOf`) in SQL, for the
 * counts and filters made in the database (repository counts, object search). Both read the
 * same columns; `doc-status-sql.test.ts` checks that they agree on every case, on both
 * databases.
 */

/** Sources whose summary a reader can use as it is, without anyone accepting it. */
export const USABLE_SUMMARY_SOURCES = ['author', 'edited', 'imported'] as const;

/**
 * True for a docs row (`docs` being the table or its alias) that is a usable summary: the
 * author's, a person's, or generated text a person accepted.
 */
export function usableSummaryRow(docs: RawBuilder<unknown>): RawBuilder<boolean> {
  return sql<boolean>`(${docs}.field_id = 'summary' and ${docs}.value <> '' and (${docs}.source in (${sql.join(
    USABLE_SUMMARY_SOURCES.map((s) => sql.lit(s)),
  )}) or ${docs}.accepted_at is not null))`;
}

/** A filled docs row of the object `objects` (a code_objects table or alias), with `extra`. */
function docsOf(objects: string, extra: RawBuilder<unknown>): RawBuilder<boolean> {
  const o = sql.ref(objects);
  return sql<boolean>`exists (select 1 from docs status_docs where status_docs.repo_id = ${o}.repo_id
    and status_docs.object_id = ${o}.id and status_docs.value <> '' and ${extra})`;
}

/** True when a filled field of the object was written against other code than its current. */
export function staleSql(objects: string): RawBuilder<boolean> {
  return docsOf(
    objects,
    sql`(status_docs.code_hash_at_write is null or status_docs.code_hash_at_write <> ${sql.ref(
      objects,
    )}.code_hash)`,
  );
}

/** True when the object has a summary a reader can use (the author's counts without a row). */
export function usableSummarySql(objects: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(objects)}.author_summary = 1 or ${docsOf(
    objects,
    usableSummaryRow(sql.raw('status_docs')),
  )})`;
}

/** True when the object has any filled field. */
export function anyTextSql(objects: string): RawBuilder<boolean> {
  return docsOf(objects, sql`1 = 1`);
}

/**
 * The object's status (`documented`, `generated`, `stale` or `undocumented`) at its current code,
 * as `statusOf` decides it.
 */
export function objectStatusSql(objects: string): RawBuilder<string> {
  return sql<string>`case when ${staleSql(objects)} then 'stale' when ${usableSummarySql(
    objects,
  )} then 'documented' when ${anyTextSql(objects)} then 'generated' else 'undocumented' end`;
}
