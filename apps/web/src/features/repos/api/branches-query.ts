import { queryOptions } from '@tanstack/react-query';
import { getBranches } from './repo-calls';

/** Query of one repo's branches, for the branch switcher (fetched when the menu opens). */
export const branchesQueryOptions = (repoId: string) =>
  queryOptions({
    queryKey: ['repos', repoId, 'branches'],
    queryFn: ({ signal }) => getBranches(repoId, signal).then((answer) => answer.branches),
  });
