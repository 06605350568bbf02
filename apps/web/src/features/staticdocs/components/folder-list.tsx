import { FolderPlus, Globe, Share2 } from 'lucide-react';
import type { Folder } from '@codedocs/contract';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useLoadMoreOnScroll } from '@/hooks/use-load-more-on-scroll';
import type { FolderListState, StaticDocsViewMode } from '../store/staticdocs-slice';
import { FolderCard } from './folder-card';

/** Props of FolderList. */
export interface FolderListProps {
  viewMode: StaticDocsViewMode;
  state: FolderListState;
  /** Pocket names by id, to say what each self-created folder is built from. */
  pocketNames: Readonly<Record<string, string>>;
  onLoadMore: () => void;
  onRetry: () => void;
  onCreate: () => void;
  onBrowse: (folder: Folder) => void;
  /** Opens the share dialog of a folder the user owns or edits. */
  onShare?: (folder: Folder) => void;
}

/**
 * One folder list of the view mode: skeletons while the first page loads, the empty state
 * (with the way to build a site, or what sharing means), a failure with "Try again", and the
 * folders, the next page loading as the end of the list comes into view (or by the button).
 */
export function FolderList({
  viewMode,
  state,
  pocketNames,
  onLoadMore,
  onRetry,
  onCreate,
  onBrowse,
  onShare,
}: FolderListProps) {
  const loading = state.status === 'loading';
  const more = state.items.length > 0 && !state.complete;
  const sentinel = useLoadMoreOnScroll({
    enabled: more && state.status === 'succeeded',
    onLoadMore,
  });

  if (state.items.length === 0 && (state.status === 'idle' || loading)) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true" data-testid="folders-loading">
        <span className="sr-only" role="status">
          Loading folders
        </span>
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="h-44 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (state.items.length === 0 && state.status === 'failed') {
    return <LoadError message={state.error ?? ''} onRetry={onRetry} data-testid="folders-error" />;
  }
  if (state.items.length === 0) {
    return viewMode === 'selfCreatedFolder' ? (
      <div
        data-testid="folders-empty"
        className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border p-8 text-center"
      >
        <Globe aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="font-medium">No sites yet</p>
        <p className="max-w-prose text-sm text-muted-foreground">
          A site is a folder of static HTML built from one of your pockets: every object&apos;s
          docs, source and call diagram, with search, pinned to the commits it documents. It works
          offline from its zip.
        </p>
        <Button onClick={onCreate} data-testid="folders-empty-create">
          <FolderPlus aria-hidden="true" />
          Build your first site
        </Button>
      </div>
    ) : (
      <div
        data-testid="folders-empty"
        className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border p-8 text-center"
      >
        <Share2 aria-hidden="true" className="size-10 text-muted-foreground" />
        <p className="font-medium">Nothing shared with you yet</p>
        <p className="max-w-prose text-sm text-muted-foreground">
          When someone shares a documentation site with you, by e-mail or with a private link you
          open, it is listed here.
        </p>
      </div>
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <ul className="flex min-w-0 flex-col gap-3" data-testid="folder-list">
        {state.items.map((folder) => (
          <FolderCard
            key={folder.folder_id}
            folder={folder}
            viewMode={viewMode}
            pocketName={folder.compilation_id ? pocketNames[folder.compilation_id] : undefined}
            onBrowse={onBrowse}
            onShare={onShare}
          />
        ))}
      </ul>
      {state.status === 'failed' && (
        <LoadError message={state.error ?? ''} onRetry={onRetry} data-testid="folders-error" />
      )}
      {more && (
        <div ref={sentinel} className="flex justify-center" data-testid="folders-more">
          {loading ? (
            <span role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner className="size-4" />
              Loading more folders…
            </span>
          ) : (
            state.status !== 'failed' && (
              <Button variant="outline" onClick={onLoadMore} data-testid="folders-load-more">
                Load more
              </Button>
            )
          )}
        </div>
      )}
    </div>
  );
}
