import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OverviewSaveRequest,
  OverviewSaveResponse,
  RepoOverview,
  RepoOverviewResponse,
} from '@codedocs/contract';
import { api } from '@/lib/api-client';

const overviewPath = (repoId: string) => `/repo/${encodeURIComponent(repoId)}/overview`;

/** `GET /api/v0/repo/{id}/overview`: facts and sections at the repository's current commit. */
export async function getRepoOverview(repoId: string, signal?: AbortSignal): Promise<RepoOverview> {
  const answer = await api.v0.get<RepoOverviewResponse>(overviewPath(repoId), { signal });
  return answer.overview;
}

/** `POST /api/v0/repo/{id}/overview/save`: one section as a person's text (409 if it moved). */
export function saveOverviewSection(
  repoId: string,
  request: OverviewSaveRequest,
): Promise<OverviewSaveResponse> {
  return api.v0.post<OverviewSaveResponse>(`${overviewPath(repoId)}/save`, request);
}

/** The server's answer while the repository's head is still being indexed. */
function isStillIndexing(error: unknown): error is Error {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === 409;
}

/** The overview, or why there is none yet (its head is being indexed: not a failure). */
export type OverviewAnswer =
  { state: 'ready'; overview: RepoOverview } | { state: 'indexing'; message: string };

/** The overview's query: one per repository (the server answers its current commit). */
export const repoOverviewQuery = (repoId: string) =>
  queryOptions({
    queryKey: ['repo-overview', repoId] as const,
    queryFn: async ({ signal }): Promise<OverviewAnswer> => {
      try {
        return { state: 'ready', overview: await getRepoOverview(repoId, signal) };
      } catch (error) {
        if (isStillIndexing(error)) return { state: 'indexing', message: error.message };
        throw error;
      }
    },
    // while the repository is being indexed, ask again every few seconds
    refetchInterval: (query) => (query.state.data?.state === 'indexing' ? 3000 : false),
  });

/** The overview of one repository. */
export function useRepoOverview(repoId: string) {
  return useQuery(repoOverviewQuery(repoId));
}

/** Saves a section and puts the answer into the cached overview. */
export function useSaveOverviewSection(repoId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: OverviewSaveRequest) => saveOverviewSection(repoId, request),
    onSuccess: ({ section }) => {
      client.setQueryData<OverviewAnswer>(repoOverviewQuery(repoId).queryKey, (old) =>
        old?.state === 'ready'
          ? {
              state: 'ready',
              overview: {
                ...old.overview,
                sections: old.overview.sections.map((s) =>
                  s.section_id === section.section_id ? section : s,
                ),
              },
            }
          : old,
      );
    },
  });
}
