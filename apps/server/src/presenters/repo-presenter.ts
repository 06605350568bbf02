import { repoMethodSchema } from '@codedocs/contract';
import type { RepoJson } from '@codedocs/contract';
import type { RepoWithCounts } from '../repositories/repos-repository';

/** The Repo JSON of DESIGN.md section 5. */
export function presentRepo(repo: RepoWithCounts): RepoJson {
  return {
    repo_id: repo.id,
    url: repo.url,
    name: repo.name,
    method: repoMethodSchema.catch('https').parse(repo.method),
    branch: repo.branch,
    default_branch: repo.default_branch,
    commit_id: repo.head_commit,
    status: repo.status,
    last_synced: repo.last_synced_at,
    languages: repo.languages,
    object_count: repo.object_count,
    documented_count: repo.documented_count,
    generated_count: repo.generated_count,
    stale_count: repo.stale_count,
    undocumented_count: repo.undocumented_count,
    error: repo.error,
    ssh_key_name: repo.ssh_key_name,
    host_key_fingerprint: repo.host_key_fingerprint,
    indexed: repo.indexed,
    ...(repo.file_count !== null && { file_count: repo.file_count }),
  };
}
