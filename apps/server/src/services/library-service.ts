import type { CompilationMetadata, RepoJson } from '@codedocs/contract';
import { presentRepo } from '../presenters/repo-presenter';
import { listCompilationSummaries } from '../repositories/compilations-repository';
import { listReposOfUser } from '../repositories/repos-repository';
import type { ServiceContext } from './context';

/** The caller's repositories as Repo JSON (the /app loader's repos list). */
export async function listRepos(ctx: ServiceContext, userId: string): Promise<RepoJson[]> {
  return (await listReposOfUser(ctx.db, userId)).map(presentRepo);
}

/** The caller's compilations with per-repository counts (the /app loader's compilations list). */
export async function listCompilationMetadata(
  ctx: ServiceContext,
  userId: string,
): Promise<CompilationMetadata[]> {
  const compilations = await listCompilationSummaries(ctx.db, userId);
  return compilations.map(({ id, ...rest }) => ({ compilation_id: id, ...rest }));
}
