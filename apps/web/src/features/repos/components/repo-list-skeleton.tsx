import { Skeleton } from '@/components/ui/skeleton';

/** Stands in for the repo list while it loads. */
export function RepoListSkeleton() {
  return (
    <div data-testid="repos-loading" className="flex flex-col gap-3" role="status">
      <span className="sr-only">Loading repositories…</span>
      {[0, 1, 2].map((index) => (
        <div key={index} className="flex flex-col gap-3 rounded-xl border border-border p-4">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-4 w-80 max-w-full" />
          <Skeleton className="h-4 w-64 max-w-full" />
        </div>
      ))}
    </div>
  );
}
