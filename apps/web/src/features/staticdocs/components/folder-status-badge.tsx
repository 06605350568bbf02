import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import type { Folder } from '@codedocs/contract';
import { Badge } from '@/components/ui/badge';

/** What a folder's badge says: its status, and "Updating" while a built site is rebuilt. */
export function folderStatusLabel(folder: Folder, running: boolean): string {
  if (running) return folder.status === 'ready' ? 'Updating' : 'Building';
  if (folder.status === 'ready') return 'Ready';
  return folder.status === 'failed' ? 'Failed' : 'Building';
}

/** A folder's status: building (and updating), ready or failed. */
export function FolderStatusBadge({ folder, running }: { folder: Folder; running: boolean }) {
  const label = folderStatusLabel(folder, running);
  if (running || folder.status === 'building') {
    return (
      <Badge variant="secondary" data-testid="folder-status">
        <LoaderCircle aria-hidden="true" className="animate-spin" />
        {label}
      </Badge>
    );
  }
  return folder.status === 'ready' ? (
    <Badge variant="success" data-testid="folder-status">
      <CircleCheck aria-hidden="true" />
      {label}
    </Badge>
  ) : (
    <Badge variant="destructive" data-testid="folder-status">
      <CircleAlert aria-hidden="true" />
      {label}
    </Badge>
  );
}
