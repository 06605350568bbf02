import type { UsageResponse } from '@codedocs/contract';
import { generationUsage } from '../../repositories/docs-repository';
import { countOwnFolders } from '../../repositories/folders-repository';
import { listRepoIdsOfUser } from '../../repositories/repos-repository';
import type { ServiceContext } from '../context';
import { usageMonth } from '../livedocs/generation';
import { catalogueEntry } from './plans';
import { currentPlan } from './subscription-service';

/**
 * `GET /api/v2/payments/usage`: what the caller uses of each quota the checks count: objects
 * generated this month, repositories, static documentation folders.
 */
export async function getUsage(ctx: ServiceContext, userId: string): Promise<UsageResponse> {
  const { plan } = await currentPlan(ctx, userId);
  const month = usageMonth();
  const [generated, repos, folders] = await Promise.all([
    generationUsage(ctx.db, userId, month),
    listRepoIdsOfUser(ctx.db, userId),
    countOwnFolders(ctx.db, userId),
  ]);
  return {
    month,
    generated_objects: generated,
    repos: repos.length,
    static_folders: folders,
    quotas: catalogueEntry(plan).quotas,
  };
}
