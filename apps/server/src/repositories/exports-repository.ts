import type { Db } from './db';

/** An export as stored (issue 22). */
export interface ExportRow {
  id: string;
  owner_id: string;
  kind: string;
  name: string;
  compilation_id: string | null;
  repo_id: string | null;
  options: string;
  status: string;
  error: string | null;
  task_id: string | null;
  build_id: string | null;
  file_count: number;
  size: number;
  pins: string;
  summary: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS = [
  'id',
  'owner_id',
  'kind',
  'name',
  'compilation_id',
  'repo_id',
  'options',
  'status',
  'error',
  'task_id',
  'build_id',
  'file_count',
  'size',
  'pins',
  'summary',
  'created_at',
  'updated_at',
] as const;

const present = (row: Record<string, unknown>): ExportRow =>
  ({ ...row, file_count: Number(row.file_count), size: Number(row.size) }) as ExportRow;

/** A new export, building, with the task that builds it. */
export async function insertExport(
  db: Db,
  row: Pick<
    ExportRow,
    'id' | 'owner_id' | 'kind' | 'name' | 'compilation_id' | 'repo_id' | 'options' | 'task_id'
  > & {
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto('exports')
    .values({ ...row, status: 'building', updated_at: row.created_at })
    .execute();
}

/** One of the owner's exports (another user's is as unknown as a missing one). */
export async function findOwnExport(
  db: Db,
  ownerId: string,
  id: string,
): Promise<ExportRow | undefined> {
  const row = await db
    .selectFrom('exports')
    .select(COLUMNS)
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return row && present(row);
}

/** An export by id, for its job. */
export async function findExport(db: Db, id: string): Promise<ExportRow | undefined> {
  const row = await db
    .selectFrom('exports')
    .select(COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && present(row);
}

/** A page of the owner's exports, newest first, one more than `limit` when more follow. */
export async function listOwnExports(
  db: Db,
  ownerId: string,
  limit: number,
  after?: { createdAt: string; id: string },
): Promise<ExportRow[]> {
  let query = db
    .selectFrom('exports')
    .select(COLUMNS)
    .where('owner_id', '=', ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return (await query.execute()).map(present);
}

/** The export is ready: its files are in `build_id`. False when it was deleted meanwhile. */
export async function publishExport(
  db: Db,
  id: string,
  done: { buildId: string; fileCount: number; size: number; pins: string; summary: string },
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('exports')
    .set({
      status: 'ready',
      error: null,
      task_id: null,
      build_id: done.buildId,
      file_count: done.fileCount,
      size: done.size,
      pins: done.pins,
      summary: done.summary,
      updated_at: at,
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The export's build failed, with a sentence saying why. */
export async function failExport(db: Db, id: string, error: string, at: string): Promise<void> {
  await db
    .updateTable('exports')
    .set({ status: 'failed', error, task_id: null, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Deletes one of the owner's exports; false when there is none. */
export async function deleteOwnExport(db: Db, ownerId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('exports')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every export's published build and running task (the exports' store sweep). */
export async function listExportBuilds(db: Db) {
  return db.selectFrom('exports').select(['id', 'build_id', 'task_id']).execute();
}
