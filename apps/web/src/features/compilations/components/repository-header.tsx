import { ExternalLink } from 'lucide-react';
import { formatDateTime } from '@/lib/format';
import type { GroupedRow } from '../object-order';

/**
 * A repository's row above its objects: name, URL (a link when it is a web one), object and
 * file counts, last update.
 */
export function RepositoryHeader({ row }: { row: Extract<GroupedRow, { type: 'repo' }> }) {
  const { repo, shown } = row;
  const web = /^https?:\/\//.test(repo.repo_url);
  return (
    <div
      data-testid="pocket-repo"
      data-repo-name={repo.repo_name}
      className="flex h-full flex-col justify-center gap-0.5 border-b border-border bg-muted/50 px-3"
    >
      <div className="flex min-w-0 items-center gap-2">
        <span className="truncate text-sm font-semibold">{repo.repo_name}</span>
        {repo.repo_url &&
          (web ? (
            <a
              href={repo.repo_url}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex min-w-0 items-center gap-1 truncate text-xs text-primary hover:underline"
            >
              <span className="truncate">{repo.repo_url}</span>
              <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
            </a>
          ) : (
            <span className="truncate font-mono text-xs text-muted-foreground">
              {repo.repo_url}
            </span>
          ))}
      </div>
      <span className="truncate text-xs text-muted-foreground" data-testid="pocket-repo-meta">
        {repo.objects} {repo.objects === 1 ? 'object' : 'objects'} in {repo.files}{' '}
        {repo.files === 1 ? 'file' : 'files'}
        {shown !== repo.objects && ` · ${shown} shown`} · last updated{' '}
        {formatDateTime(repo.last_updated)}
      </span>
    </div>
  );
}
