import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { failureMessage } from '@/lib/api-error';
import { getFieldHistory } from '../api/livedocs-calls';

/** A field's saved versions, newest first, in a dialog opened from the field's header. */
export function FieldHistory({
  repoId,
  objectId,
  fieldId,
  label,
}: {
  repoId: string;
  objectId: string;
  fieldId: string;
  label: string;
}) {
  const [open, setOpen] = useState(false);
  const history = useQuery({
    queryKey: ['livedocs-history', repoId, objectId, fieldId],
    queryFn: ({ signal }) => getFieldHistory(repoId, objectId, fieldId, signal),
    enabled: open,
    staleTime: 0,
  });
  const revisions = [...(history.data?.revisions ?? [])].sort((a, b) => b.version - a.version);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-6 px-1.5 text-xs text-muted-foreground"
          aria-label={`History of ${label}`}
          data-testid={`livedocs-history-${fieldId}`}
        >
          <History aria-hidden="true" className="size-3.5" />
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogTitle>History of {label}</DialogTitle>
        <DialogDescription>Every saved version of this field, newest first.</DialogDescription>
        {history.isPending && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner /> Loading…
          </p>
        )}
        {history.isError && (
          <p role="alert" className="text-sm text-destructive">
            {failureMessage(history.error, 'Could not load the history')}
          </p>
        )}
        {history.isSuccess && revisions.length === 0 && (
          <p className="text-sm text-muted-foreground">This field was never saved.</p>
        )}
        <ol className="flex max-h-[60vh] flex-col gap-3 overflow-auto">
          {revisions.map((revision) => (
            <li key={revision.version} className="flex flex-col gap-1">
              <p className="text-xs text-muted-foreground">
                v{revision.version} · {revision.source}
                {revision.created_by ? ` · ${revision.created_by}` : ''} ·{' '}
                {new Date(revision.created_at).toLocaleString()}
                {revision.written_at_commit
                  ? ` · at ${revision.written_at_commit.slice(0, 10)}`
                  : ''}
              </p>
              <pre className="rounded-md border border-border bg-muted/40 p-2 font-mono text-xs whitespace-pre-wrap">
                {revision.value || '(empty)'}
              </pre>
            </li>
          ))}
        </ol>
      </DialogContent>
    </Dialog>
  );
}
