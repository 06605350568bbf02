import { useEffect, useState } from 'react';
import type { Export, Task } from '@codedocs/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CircleAlert,
  CircleCheck,
  Copy,
  Download,
  FileDiff,
  LoaderCircle,
  Trash2,
} from 'lucide-react';
import { LoadError } from '@/components/load-error';
import { TaskProgress } from '@/components/task-progress';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useTask } from '@/hooks/use-task';
import { toast } from '@/hooks/use-toast';
import { failureMessage } from '@/lib/api-error';
import { formatDateTime, formatFileSize } from '@/lib/format';
import { downloadFileName, saveBlob } from '@/lib/save-blob';
import {
  deleteExportCall,
  exportsQuery,
  getExportDownload,
  getExportPatch,
  useExports,
} from '../api/exports-calls';
import type { ExportFormKind } from './export-form';
import { gitApplyCommand, splitPatch } from './patch-files';
import { PatchReview } from './patch-review';

const EXTENSION: Record<ExportFormKind, string> = { markdown: 'zip', json: 'json', patch: 'patch' };
const ENDED: readonly Task['status'][] = ['succeeded', 'failed'];

async function download(item: Export): Promise<void> {
  try {
    saveBlob(
      await getExportDownload(item.export_id),
      downloadFileName(item.name, EXTENSION[item.kind]),
    );
  } catch (error) {
    toast({
      variant: 'destructive',
      title: 'Download failed',
      description: failureMessage(error, 'The export could not be downloaded'),
    });
  }
}

function StatusBadge({ item, running }: { item: Export; running: boolean }) {
  if (running || item.status === 'building')
    return (
      <Badge variant="secondary" data-testid="export-status">
        <LoaderCircle aria-hidden="true" className="animate-spin" />
        Building
      </Badge>
    );
  return item.status === 'ready' ? (
    <Badge variant="success" data-testid="export-status">
      <CircleCheck aria-hidden="true" />
      Ready
    </Badge>
  ) : (
    <Badge variant="destructive" data-testid="export-status">
      <CircleAlert aria-hidden="true" />
      Failed
    </Badge>
  );
}

/** The patch text of the files kept (all of it when none is dropped). */
function keptPatch(patch: string, dropped: ReadonlySet<number>): string {
  if (dropped.size === 0) return patch;
  return splitPatch(patch)
    .filter((_, i) => !dropped.has(i))
    .map((f) => f.text)
    .join('');
}

async function copyCommand(patch: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(gitApplyCommand(patch));
    toast({ title: 'Copied', description: 'Run it in the repository’s folder.' });
  } catch {
    toast({ variant: 'destructive', title: 'The command could not be copied' });
  }
}

/**
 * A patch's files and diff, read when shown: files can be dropped before the download or the
 * copied `git apply` command.
 */
function PatchDialog({ item, onClose }: { item: Export | null; onClose: () => void }) {
  const patch = useQuery({
    queryKey: ['exports', 'patch', item?.export_id],
    queryFn: ({ signal }) => getExportPatch(item!.export_id, signal),
    enabled: item !== null,
  });
  const [dropped, setDropped] = useState<ReadonlySet<number>>(new Set());
  useEffect(() => setDropped(new Set()), [item?.export_id]);
  const files = patch.data ? splitPatch(patch.data) : [];
  const kept = patch.data ? keptPatch(patch.data, dropped) : '';
  const handleToggle = (index: number) =>
    setDropped((was) => {
      const next = new Set(was);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  const handleDownload = () => {
    if (!item) return;
    if (dropped.size === 0) void download(item);
    else
      saveBlob(
        new Blob([kept], { type: 'text/x-diff' }),
        downloadFileName(item.name, EXTENSION.patch),
      );
  };
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-4xl" data-testid="patch-dialog">
        <DialogTitle>Patch: {item?.name}</DialogTitle>
        <DialogDescription>
          {item
            ? `${item.written} object${item.written === 1 ? '' : 's'} written into ${item.file_count} file${item.file_count === 1 ? '' : 's'}, against ${item.pins.map((p) => `${p.repo_name} at ${p.commit_id.slice(0, 12)}`).join(', ')}. Apply it with git apply.`
            : ''}
        </DialogDescription>
        {patch.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : patch.isError ? (
          <LoadError
            message={failureMessage(patch.error, 'The patch could not be read')}
            onRetry={() => void patch.refetch()}
          />
        ) : patch.data === '' ? (
          <p className="text-sm text-muted-foreground" data-testid="patch-empty">
            Nothing to write: the code already says what the chosen fields say.
          </p>
        ) : (
          <PatchReview files={files} dropped={dropped} onToggle={handleToggle} />
        )}
        {item && item.skipped.length > 0 && (
          <ul className="list-disc pl-5 text-sm text-muted-foreground">
            {item.skipped.map((s) => (
              <li key={`${s.path}:${s.name}`}>
                {s.path} · {s.name}: {s.reason}
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Close
          </Button>
          <Button
            variant="outline"
            onClick={() => void copyCommand(kept)}
            disabled={!kept}
            data-testid="patch-copy-command"
          >
            <Copy aria-hidden="true" />
            Copy as git apply command
          </Button>
          <Button onClick={handleDownload} disabled={!kept} data-testid="patch-download">
            <Download aria-hidden="true" />
            Download patch
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ExportRow({ item, onShowDiff }: { item: Export; onShowDiff: (item: Export) => void }) {
  const queryClient = useQueryClient();
  const task = useTask(item.status === 'building' ? item.task_id : null);
  const ended = task !== null && ENDED.includes(task.status);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: exportsQuery().queryKey });
  }, [ended, queryClient]);
  const running = item.status === 'building' && !ended;
  const handleDelete = async () => {
    setBusy(true);
    try {
      await deleteExportCall(item.export_id);
      await queryClient.invalidateQueries({ queryKey: exportsQuery().queryKey });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Delete failed',
        description: failureMessage(error, 'The export could not be deleted'),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <li
      className="flex min-w-0 flex-col gap-2 rounded-md border bg-card p-3"
      data-testid="export-row"
      data-kind={item.kind}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">{item.name}</p>
          <p className="text-xs text-muted-foreground">
            {formatDateTime(item.created_at)}
            {item.status === 'ready' && ` · ${formatFileSize(item.size)}`}
            {item.kind === 'patch' && item.status === 'ready' && ` · ${item.written} written`}
            {item.kind === 'patch' && item.fields === 'accepted' && ' · edited and accepted'}
          </p>
        </div>
        <StatusBadge item={item} running={running} />
      </div>
      {running && (
        <TaskProgress
          testId="export-progress"
          label="Exporting"
          done={task?.progress.done ?? 0}
          total={task?.progress.total ?? 0}
          message={task?.message ?? null}
          status={task?.status}
        />
      )}
      {item.status === 'failed' && item.error && (
        <p className="text-sm text-destructive">{item.error}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {item.kind === 'patch' && item.status === 'ready' && (
          <Button size="sm" onClick={() => onShowDiff(item)} data-testid="export-show-diff">
            <FileDiff aria-hidden="true" />
            Show diff
          </Button>
        )}
        {item.status === 'ready' && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => void download(item)}
            data-testid="export-download"
          >
            <Download aria-hidden="true" />
            Download
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          onClick={() => void handleDelete()}
          disabled={busy}
          aria-label={`Delete ${item.name}`}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}

/** The history of one kind of export, newest first, each following its build. */
export function ExportHistory({ kind }: { kind: ExportFormKind }) {
  const exports = useExports();
  const [diffOf, setDiffOf] = useState<Export | null>(null);
  if (exports.isPending)
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  if (exports.isError)
    return (
      <LoadError
        message={failureMessage(exports.error, 'The exports could not be loaded')}
        onRetry={() => void exports.refetch()}
      />
    );
  const items = exports.data.exports.filter((item) => item.kind === kind);
  return (
    <section aria-labelledby="export-history-title" className="flex flex-col gap-2">
      <h2 id="export-history-title" className="text-base font-semibold">
        History
      </h2>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="export-history-empty">
          No exports of this kind yet.
        </p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="export-history">
          {items.map((item) => (
            <ExportRow key={item.export_id} item={item} onShowDiff={setDiffOf} />
          ))}
        </ul>
      )}
      <PatchDialog item={diffOf} onClose={() => setDiffOf(null)} />
    </section>
  );
}
