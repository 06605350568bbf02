import type { RepoJson, RepoListResponse } from '@codedocs/contract';
import { api } from '@/lib/api-client';

/** A connected repository as the list returns it (DESIGN.md section 5, Repo JSON). */
export type Repo = RepoJson;
export type { RepoListResponse };

/** `GET /api/v0/repo`: the user's repositories. */
export function getRepos(signal?: AbortSignal): Promise<RepoListResponse> {
  return api.v0.get<RepoListResponse>('/repo', { signal });
}
