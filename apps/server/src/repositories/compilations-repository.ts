import type { Db } from './db';

/** One compilation with the repositories its objects come from. */
export interface CompilationSummary {
  id: string;
  name: string;
  created_at: string;
  repositories: {
    repo_id: string;
    repo_name: string;
    repo_url: string;
    last_updated: string | null;
    files: number;
    objects: number;
  }[];
}

/** The caller's compilations, oldest first, each with per-repository file and object counts. */
export async function listCompilationSummaries(
  db: Db,
  userId: string,
): Promise<CompilationSummary[]> {
  const compilations = await db
    .selectFrom('compilations')
    .select(['id', 'name', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  if (compilations.length === 0) return [];
  const rows = await db
    .selectFrom('compilation_objects')
    .innerJoin('code_objects', 'code_objects.id', 'compilation_objects.object_id')
    .innerJoin('repos', 'repos.id', 'code_objects.repo_id')
    .select((eb) => [
      'compilation_objects.compilation_id',
      'repos.id as repo_id',
      'repos.name as repo_name',
      'repos.url as repo_url',
      'repos.last_synced_at as last_updated',
      eb.fn.count<number | string>('code_objects.file_path').distinct().as('files'),
      eb.fn.countAll<number | string>().as('objects'),
    ])
    .where(
      'compilation_objects.compilation_id',
      'in',
      compilations.map((compilation) => compilation.id),
    )
    .where('repos.user_id', '=', userId)
    .groupBy([
      'compilation_objects.compilation_id',
      'repos.id',
      'repos.name',
      'repos.url',
      'repos.last_synced_at',
    ])
    .execute();
  return compilations.map((compilation) => ({
    ...compilation,
    repositories: rows
      .filter((row) => row.compilation_id === compilation.id)
      .map((row) => ({
        repo_id: row.repo_id,
        repo_name: row.repo_name,
        repo_url: row.repo_url,
        last_updated: row.last_updated,
        files: Number(row.files),
        objects: Number(row.objects),
      })),
  }));
}
