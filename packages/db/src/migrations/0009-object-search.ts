import { sql } from 'kysely';
import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dialect';

type Db = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a migration sees tables as they were

/** The SQLite full-text table of object names (FTS5, trigram tokenizer) and its shadow tables. */
export const OBJECT_NAMES_TABLE = 'code_object_names';

/**
 * The cross-repository object search (issue 15) finds names by substring through an index, not a
 * scan of every object:
 * - SQLite: an FTS5 table with the trigram tokenizer over `name` and `qualified_name`, whose rowid
 *   is the object row's rowid, kept in step by triggers. It only narrows the candidates: the
 *   search checks each candidate's own name again, so an index out of step (a manual VACUUM can
 *   renumber the rowids of a table without an integer primary key) loses hits, never answers
 *   wrong ones.
 * - PostgreSQL: GIN trigram indexes (pg_trgm) on `lower(name)` and `lower(qualified_name)`,
 *   which serve `LIKE '%text%'` directly. When the extension cannot be created (a managed server
 *   that does not offer it, a role that may not create it) the migration goes on without them and
 *   the search scans.
 * Both: an index on `lower(name)` for the prefix search of texts under three characters, and one
 * on `qualified_name` for browsing without text in name order.
 */
export function objectSearch(dialect: Dialect): Migration {
  return {
    async up(db: Db) {
      await db.schema
        .createIndex('code_objects_lower_name')
        .on('code_objects')
        // PostgreSQL compares it in byte order ("C"), as the prefix range asks
        .expression(dialect === 'postgres' ? sql`(lower(name) collate "C")` : sql`lower(name)`)
        .execute();
      await db.schema
        .createIndex('code_objects_qualified_name')
        .on('code_objects')
        .columns(['qualified_name', 'repo_id', 'id'])
        .execute();
      if (dialect === 'sqlite') {
        await sql`create virtual table code_object_names using fts5(name, qualified_name, tokenize = 'trigram')`.execute(
          db,
        );
        await sql`insert into code_object_names (rowid, name, qualified_name) select rowid, name, qualified_name from code_objects`.execute(
          db,
        );
        await sql`create trigger code_objects_names_insert after insert on code_objects begin
          insert into code_object_names (rowid, name, qualified_name) values (new.rowid, new.name, new.qualified_name);
        end`.execute(db);
        await sql`create trigger code_objects_names_delete after delete on code_objects begin
          delete from code_object_names where rowid = old.rowid;
        end`.execute(db);
        await sql`create trigger code_objects_names_update after update of name, qualified_name on code_objects
          when old.name is not new.name or old.qualified_name is not new.qualified_name begin
          delete from code_object_names where rowid = old.rowid;
          insert into code_object_names (rowid, name, qualified_name) values (new.rowid, new.name, new.qualified_name);
        end`.execute(db);
        return;
      }
      await sql`do $$ begin
          create extension if not exists pg_trgm;
        exception when others then
          raise notice 'pg_trgm is not available: the object search scans (%)', sqlerrm;
        end $$`.execute(db);
      await sql`do $$ begin
          if exists (select 1 from pg_extension where extname = 'pg_trgm') then
            create index if not exists code_objects_name_trgm on code_objects using gin (lower(name) gin_trgm_ops);
            create index if not exists code_objects_qualified_name_trgm on code_objects using gin (lower(qualified_name) gin_trgm_ops);
          end if;
        end $$`.execute(db);
    },
    async down(db: Db) {
      if (dialect === 'sqlite') {
        await sql`drop trigger code_objects_names_update`.execute(db);
        await sql`drop trigger code_objects_names_delete`.execute(db);
        await sql`drop trigger code_objects_names_insert`.execute(db);
        await sql`drop table code_object_names`.execute(db);
      } else {
        await sql`drop index if exists code_objects_qualified_name_trgm`.execute(db);
        await sql`drop index if exists code_objects_name_trgm`.execute(db);
      }
      await db.schema.dropIndex('code_objects_qualified_name').execute();
      await db.schema.dropIndex('code_objects_lower_name').execute();
    },
  };
}
