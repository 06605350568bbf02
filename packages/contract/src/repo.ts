import { z } from 'zod';

/** How the server reaches a repository (DESIGN.md section 5). */
export const REPO_METHODS = ['https', 'ssh'] as const;
export const repoMethodSchema = z.enum(REPO_METHODS);
export type RepoMethod = z.infer<typeof repoMethodSchema>;

/** A connected repository as `GET /api/v0/repo` lists it (DESIGN.md section 5, Repo JSON). */
export const repoSchema = z
  .object({
    repo_id: z.string(),
    url: z.string(),
    name: z.string(),
    method: repoMethodSchema,
    branch: z.string().nullable(),
    default_branch: z.string().nullable(),
    commit_id: z.string().nullable(),
    status: z.string(),
    last_synced: z.string().nullable(),
    languages: z.array(z.string()),
    object_count: z.number().int(),
    documented_count: z.number().int(),
    stale_count: z.number().int(),
  })
  .meta({ id: 'Repo' });
export type RepoJson = z.infer<typeof repoSchema>;

/** `GET /api/v0/repo`: the caller's repositories. */
export const repoListResponseSchema = z.object({ repos: z.array(repoSchema) });
export type RepoListResponse = z.infer<typeof repoListResponseSchema>;
