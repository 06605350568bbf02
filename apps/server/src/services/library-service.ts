import type { RepoJson } from '@codedocs/contract';
import { presentRepo } from '../presenters/repo-presenter';
import { listReposOfUser } from '../repositories/repos-repository';
import type { ServiceContext } from './context';

/** The caller's repositories as Repo JSON (the /app loader's repos list). */
export async function listRepos(ctx: ServiceContext, userId: string): Promise<RepoJson[]> {
  return (await listReposOfUser(ctx.db, userId)).map(presentRepo);
}
