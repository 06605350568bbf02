import { useState } from 'react';
import {
  Download,
  ExternalLink,
  FileSearch,
  GitCommitHorizontal,
  RefreshCw,
  Share2,
  Trash2,
  TriangleAlert,
} from 'lucide-react';
import type { Folder, FolderShareSummary } from '@codedocs/contract';
import { useAppDispatch } from '@/app/hooks';
import { Detail } from '@/components/detail';
import { TaskProgress } from '@/components/task-progress';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/hooks/use-toast';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { useFolderBuild } from '../hooks/use-folder-build';
import { useFolderDownload } from '../hooks/use-folder-download';
import { useOpenSite } from '../hooks/use-open-site';
import { deleteFolder, updateFolder, type StaticDocsViewMode } from '../store/staticdocs-slice';
import { DeleteFolderDialog } from './delete-folder-dialog';
import { FolderStatusBadge } from './folder-status-badge';

/** Props of FolderCard. */
export interface FolderCardProps {
  folder: Folder;
  viewMode: StaticDocsViewMode;
  /** The name of the pocket it is built from, when it is one of the user's (else undefined). */
  pocketName?: string;
  onBrowse: (folder: Folder) => void;
  /** Opens the share dialog (given by the route: sharing is another feature). */
  onShare?: (folder: Folder) => void;
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** The owner's view of how a folder is shared now: "Public link · 2 private links". */
export function sharedSummary(shares: Folder['shares']): string {
  const count = (kind: FolderShareSummary['kind']) =>
    shares.filter((share) => share.kind === kind).length;
  const parts = [
    count('public') > 0 && 'Public link',
    count('private') > 0 && plural(count('private'), 'private link', 'private links'),
    count('email') > 0 && plural(count('email'), 'invitation', 'invitations'),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : 'Not shared';
}

/** Until when someone a folder was shared with may read it (the share they hold it through). */
function accessEnds(folder: Folder): string {
  const expires = folder.shares[0]?.expires_at ?? null;
  return expires ? formatDateTime(expires) : 'When revoked';
}

/**
 * One static documentation folder: name, status, when it was made and last built, its size,
 * the commits it pins, its build's progress, and its actions (open the site, browse its files,
 * download the zip, update from its pocket, delete or take off the list).
 */
export function FolderCard({ folder, viewMode, pocketName, onBrowse, onShare }: FolderCardProps) {
  const dispatch = useAppDispatch();
  const build = useFolderBuild(folder);
  const openSite = useOpenSite();
  const { downloading, download } = useFolderDownload(folder);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [updating, setUpdating] = useState(false);
  const own = folder.permission === 'owner';
  const hasSite = folder.status === 'ready';
  const canUpdate = folder.permission !== 'viewer' && folder.compilation_id !== null;
  const canShare = folder.permission !== 'viewer' && onShare !== undefined;
  const titleId = `folder-${folder.folder_id}-name`;

  const handleUpdate = async () => {
    setUpdating(true);
    const result = await dispatch(updateFolder(folder.folder_id));
    setUpdating(false);
    if (updateFolder.rejected.match(result)) {
      toast({
        variant: 'destructive',
        title: `“${folder.name}” was not updated`,
        description: result.payload,
      });
    }
  };
  const handleDelete = async () => {
    setDeleting(true);
    const result = await dispatch(deleteFolder({ viewMode, folderId: folder.folder_id }));
    if (deleteFolder.rejected.match(result)) {
      setDeleting(false);
      toast({
        variant: 'destructive',
        title: own ? `“${folder.name}” was not deleted` : `“${folder.name}” was not removed`,
        description: result.payload,
      });
    } else {
      toast({
        title: own ? `Deleted “${folder.name}”` : `Removed “${folder.name}” from your list`,
      });
    }
  };

  return (
    <li
      data-testid="folder-row"
      data-folder-name={folder.name}
      data-status={folder.status}
      aria-labelledby={titleId}
      aria-busy={build.running || deleting || undefined}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <h2 id={titleId} className="min-w-0 truncate text-base font-semibold">
              {folder.name}
            </h2>
            <FolderStatusBadge folder={folder} running={build.running} />
          </div>
          {!own && (
            <p className="text-sm text-muted-foreground" data-testid="folder-owner">
              Shared by {folder.owner.name} · {folder.permission}
            </p>
          )}
        </div>
        <Button
          size="sm"
          onClick={() => void openSite(folder)}
          disabled={!hasSite}
          data-testid="folder-open"
          aria-label={`Open the site of ${folder.name} in a new tab`}
        >
          <ExternalLink aria-hidden="true" />
          Open site
        </Button>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Detail term="Created" wrap>
          {formatDateTime(folder.created_at)}
        </Detail>
        <Detail term="Updated" wrap>
          {formatDateTime(folder.updated_at)}
        </Detail>
        <Detail term="Size">
          <span data-testid="folder-size">
            {hasSite
              ? `${formatFileSize(folder.size)} · ${plural(folder.file_count, 'file', 'files')}`
              : '—'}
          </span>
        </Detail>
        {own && (
          <Detail term="Pocket">
            {folder.compilation_id ? (
              (pocketName ?? '—')
            ) : (
              <span title="It can no longer be updated">Deleted</span>
            )}
          </Detail>
        )}
        {own ? (
          <Detail term="Shared" wrap>
            <span data-testid="folder-shared">{sharedSummary(folder.shares)}</span>
          </Detail>
        ) : (
          <Detail term="Access ends" wrap>
            <span data-testid="folder-access-ends">{accessEnds(folder)}</span>
          </Detail>
        )}
      </dl>

      {folder.pins.length > 0 && (
        <div className="flex min-w-0 flex-col gap-1.5">
          <p className="text-xs text-muted-foreground">Pinned commits</p>
          <ul className="flex min-w-0 flex-wrap gap-1.5" data-testid="folder-pins">
            {folder.pins.map((pin) => (
              <li
                key={pin.repo_id}
                title={`${pin.repo_name} at ${pin.commit_id}`}
                className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-md border border-border px-2 py-0.5 text-xs"
              >
                <GitCommitHorizontal aria-hidden="true" className="size-3 shrink-0" />
                <span className="truncate font-medium">{pin.repo_name}</span>
                <code className="shrink-0 text-muted-foreground">{pin.commit_id.slice(0, 7)}</code>
              </li>
            ))}
          </ul>
        </div>
      )}

      {build.running && (
        <TaskProgress
          testId="folder-build-progress"
          label={
            build.percent === null
              ? folder.status === 'ready'
                ? 'Updating the site'
                : 'Building the site'
              : `${folder.status === 'ready' ? 'Updating' : 'Building'} · ${build.percent}%`
          }
          done={build.task?.progress.done ?? 0}
          total={build.task?.progress.total ?? 0}
          message={build.task?.message ?? (own ? 'Queued' : null)}
          status={build.task?.status}
        />
      )}
      {!build.running && folder.error && (
        <p
          role="alert"
          data-testid="folder-error"
          className="flex items-start gap-2 rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          <span>
            {folder.status === 'ready' ? 'The last update failed: ' : 'The build failed: '}
            {folder.error}
          </span>
        </p>
      )}

      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onBrowse(folder)}
          disabled={!hasSite}
          data-testid="folder-browse"
        >
          <FileSearch aria-hidden="true" />
          Browse files
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void download()}
          disabled={!hasSite || downloading}
          aria-busy={downloading || undefined}
          data-testid="folder-download"
        >
          {downloading ? <Spinner className="size-4" /> : <Download aria-hidden="true" />}
          Download zip
        </Button>
        {canShare && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => onShare(folder)}
            aria-haspopup="dialog"
            data-testid="folder-share"
          >
            <Share2 aria-hidden="true" />
            Share
          </Button>
        )}
        {canUpdate && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => void handleUpdate()}
            disabled={build.running || updating}
            title="Rebuild from its pocket at the repositories' current commits"
            data-testid="folder-update"
          >
            <RefreshCw aria-hidden="true" className={updating ? 'animate-spin' : undefined} />
            Update
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:text-destructive sm:ml-auto"
          onClick={() => setConfirming(true)}
          disabled={deleting}
          data-testid="folder-delete"
        >
          <Trash2 aria-hidden="true" />
          {own ? 'Delete' : 'Remove from my list'}
        </Button>
      </div>
      <DeleteFolderDialog
        folder={folder}
        open={confirming}
        onOpenChange={setConfirming}
        onConfirm={() => void handleDelete()}
      />
    </li>
  );
}
