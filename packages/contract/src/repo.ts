import { z } from 'zod';
import { sshKeyNameSchema } from './ssh-keys';

/** How the server reaches a repository (DESIGN.md section 5). */
export const REPO_METHODS = ['https', 'ssh'] as const;
export const repoMethodSchema = z.enum(REPO_METHODS);
export type RepoMethod = z.infer<typeof repoMethodSchema>;

/**
 * What the server stores as a repo's status: `connected` (usable), `syncing` (a sync or branch
 * switch is running), `deleting` (removal under way) and `error` (the last sync failed; `error`
 * says why). The client's own statuses (REPO_CLIENT_STATUSES) are set from these and from its calls.
 */
export const REPO_SERVER_STATUSES = ['connected', 'syncing', 'deleting', 'error'] as const;
export type RepoServerStatus = (typeof REPO_SERVER_STATUSES)[number];

/** Longest repository URL accepted. */
export const REPO_URL_MAX_LENGTH = 2048;
/** Longest branch name accepted (git's own limit is the file system's). */
export const BRANCH_NAME_MAX_LENGTH = 255;

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
    /**
     * Objects of the current commit by documentation status (OBJECT_STATUSES in livedocs.ts):
     * they add up to object_count. Documented means a summary from the author, a person, or a
     * generated summary a person accepted.
     */
    documented_count: z.number().int(),
    /** Objects with generated text only, which nobody has accepted yet. */
    generated_count: z.number().int(),
    stale_count: z.number().int(),
    /** Objects with nothing a reader can use: they need a writer. */
    undocumented_count: z.number().int(),
    /** Why the last sync or branch switch failed, while status is `error`. */
    error: z.string().nullable().optional(),
    /** The key a `ssh` repo is fetched with. */
    ssh_key_name: z.string().nullable().optional(),
    /** For ssh remotes: the host key fingerprint recorded on first connection (`SHA256:…`). */
    host_key_fingerprint: z.string().nullable().optional(),
    /**
     * Whether the engine has read the current commit (live docs need it); while false, the task
     * `index:<repo_id>:<commit_id>` is reading it.
     */
    indexed: z.boolean().optional(),
    /** Number of files at the current commit. */
    file_count: z.number().int().optional(),
  })
  .meta({ id: 'Repo' });
export type RepoJson = z.infer<typeof repoSchema>;

/** `GET /api/v0/repo`: the caller's repositories. */
export const repoListResponseSchema = z.object({ repos: z.array(repoSchema) });
export type RepoListResponse = z.infer<typeof repoListResponseSchema>;

const branchNameSchema = z.string().trim().min(1, 'Name a branch').max(BRANCH_NAME_MAX_LENGTH);

/**
 * `POST /api/v2/repo/connect` with `x-task-id` (a UUID made by the client, used as the job id) and
 * `x-plan`. `ssh_key_name` picks one of the caller's keys for `ssh` (the newest when absent);
 * `branch` is checked out instead of the remote's default.
 */
export const repoConnectRequestSchema = z.object({
  external_repo_url: z.string().trim().min(1, 'Enter a repository URL').max(REPO_URL_MAX_LENGTH),
  method: repoMethodSchema,
  ssh_key_name: sshKeyNameSchema.optional(),
  branch: branchNameSchema.optional(),
});
export type RepoConnectRequest = z.infer<typeof repoConnectRequestSchema>;

/** 202 answer of a connect: the clone runs as task `task_id` and becomes repo `repo_id`. */
export const repoConnectResponseSchema = z.object({
  task_id: z.string(),
  repo_id: z.string(),
  url: z.string(),
  method: repoMethodSchema,
  queued: z.boolean(),
});
export type RepoConnectResponse = z.infer<typeof repoConnectResponseSchema>;

/** Result of a finished `repo.connect` task (the task's `result`). */
export const repoConnectResultSchema = z.object({ repo_id: z.string() });

export const repoIdParamsSchema = z.object({ id: z.string().min(1).max(200) });
export type RepoIdParams = z.infer<typeof repoIdParamsSchema>;

/** `DELETE /api/v0/repo/{id}`. */
export const repoDeleteResponseSchema = z.object({ repo_id: z.string() });
export type RepoDeleteResponse = z.infer<typeof repoDeleteResponseSchema>;

/** `POST /api/v0/repo/sync`: 200 with the repo, or 304 (no body) when the remote has nothing new. */
export const repoSyncRequestSchema = z.object({ repo_id: z.string().min(1).max(200) });
export type RepoSyncRequest = z.infer<typeof repoSyncRequestSchema>;

/** `POST /api/v0/repo/checkout`: switches the repo to another branch; answers the repo. */
export const repoCheckoutRequestSchema = z.object({
  repo_id: z.string().min(1).max(200),
  branch_name: branchNameSchema,
});
export type RepoCheckoutRequest = z.infer<typeof repoCheckoutRequestSchema>;

/** Answer of sync and checkout. */
export const repoResponseSchema = z.object({ repo: repoSchema });
export type RepoResponse = z.infer<typeof repoResponseSchema>;

/** `GET /api/v0/repo/{id}/branches`: the branch switcher's list, sorted by name. */
export const branchSchema = z.object({
  name: z.string(),
  commit_id: z.string(),
  is_default: z.boolean(),
  is_current: z.boolean(),
});
export type BranchJson = z.infer<typeof branchSchema>;
export const branchListResponseSchema = z.object({ branches: z.array(branchSchema) });
export type BranchListResponse = z.infer<typeof branchListResponseSchema>;
