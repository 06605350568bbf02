import { useCallback, useEffect, useMemo, useState } from 'react';
import { FolderPlus } from 'lucide-react';
import type { Folder } from '@codedocs/contract';
import { Screen } from '@/components/screen';
import { Button } from '@/components/ui/button';
import { SCREENS } from '@/config/screens';
import {
  fetchCompilations,
  selectCompilationsState,
} from '@/features/compilations/store/compilations-slice';
import { ExportsPanel } from '@/features/exports/components/exports-panel';
import {
  EXPORT_FORMAT_PANEL_ID,
  ExportFormatSwitch,
  type ExportFormat,
} from '@/features/exports/components/export-format-switch';
import type { ExportSources } from '@/features/exports/components/export-form';
import { fetchRepos, selectReposState } from '@/features/repos/store/repos-slice';
import { ShareFolderDialog } from '@/features/sharing/components/share-folder-dialog';
import { FolderFilesDialog } from '@/features/staticdocs/components/folder-files-dialog';
import { FolderList } from '@/features/staticdocs/components/folder-list';
import {
  NewSiteDialog,
  type PocketChoices,
} from '@/features/staticdocs/components/new-site-dialog';
import {
  VIEW_MODE_PANEL_ID,
  ViewModeSwitch,
  viewModeTabId,
} from '@/features/staticdocs/components/view-mode-switch';
import {
  fetchFolders,
  refreshFolder,
  selectFolder,
  selectStaticdocs,
  viewModeChanged,
  type StaticDocsViewMode,
} from '@/features/staticdocs/store/staticdocs-slice';
import { useAppDispatch, useAppSelector } from '../../hooks';

/**
 * `/app/export`: static documentation folders, viewed as self-created or shared with the user
 * (the spec's view mode), each list paged as it scrolls. "New site" builds one of the user's
 * pockets into a folder and follows the build; each folder opens its site in a new tab, shows
 * and previews its files, downloads its zip (whole or chosen files), updates and deletes, and
 * its owner (or an editor) shares it through the sharing feature's dialog. "Markdown", "JSON"
 * and "Patch" beside "Site" export a pocket or a repository in those forms (issue 22), each
 * with its history; a patch is shown as a diff before it is downloaded.
 */
export function ExportScreen() {
  const dispatch = useAppDispatch();
  const { viewMode, lists } = useAppSelector(selectStaticdocs);
  const compilations = useAppSelector(selectCompilationsState);
  const repos = useAppSelector(selectReposState);
  const [format, setFormat] = useState<ExportFormat>('site');
  const [creating, setCreating] = useState(false);
  const [browsing, setBrowsing] = useState<Folder | null>(null);
  const [sharingId, setSharingId] = useState<string | null>(null);
  // the listed folder, so the dialog follows its summary as it is read again
  const sharing = useAppSelector((state) => (sharingId ? selectFolder(state, sharingId) : null));
  const list = lists[viewMode];

  // The shown list is read afresh on arrival (builds may have ended meanwhile); the other
  // list on its first showing.
  useEffect(() => {
    void dispatch(fetchFolders({ viewMode: 'selfCreatedFolder', reset: true }));
  }, [dispatch]);
  useEffect(() => {
    if (list.status === 'idle') void dispatch(fetchFolders({ viewMode }));
  }, [dispatch, viewMode, list.status]);

  const handleLoadMore = useCallback(
    () => void dispatch(fetchFolders({ viewMode })),
    [dispatch, viewMode],
  );
  const handleViewMode = (mode: StaticDocsViewMode) => dispatch(viewModeChanged(mode));
  const handleFolderChanged = useCallback(
    (folderId: string) => void dispatch(refreshFolder(folderId)),
    [dispatch],
  );
  const handleShare = useCallback(
    (folder: Folder) => {
      setSharingId(folder.folder_id);
      // its public link may have changed elsewhere since the list was read
      handleFolderChanged(folder.folder_id);
    },
    [handleFolderChanged],
  );
  const handleCreate = () => {
    // pockets change elsewhere: the picker shows the current ones
    void dispatch(fetchCompilations());
    setCreating(true);
  };

  const pockets = useMemo<PocketChoices>(
    () => ({
      items: compilations.items.map(({ compilation_id, name, object_count }) => ({
        compilation_id,
        name,
        object_count,
      })),
      status: compilations.status,
      error: compilations.error,
      onRetry: () => void dispatch(fetchCompilations()),
    }),
    [compilations.items, compilations.status, compilations.error, dispatch],
  );
  const sources = useMemo<ExportSources>(
    () => ({
      pockets: compilations.items.map((item) => ({ id: item.compilation_id, name: item.name })),
      repos: repos.items.map((repo) => ({ id: repo.repo_id, name: repo.name })),
      loading: compilations.status === 'loading' || repos.status === 'loading',
    }),
    [compilations.items, compilations.status, repos.items, repos.status],
  );
  const handleFormat = (next: ExportFormat) => {
    setFormat(next);
    if (next !== 'site') {
      // pockets and repositories change elsewhere: the form offers the current ones
      void dispatch(fetchCompilations());
      void dispatch(fetchRepos());
    }
  };
  const pocketNames = useMemo(
    () => Object.fromEntries(compilations.items.map((item) => [item.compilation_id, item.name])),
    [compilations.items],
  );

  return (
    <Screen info={SCREENS.export} className="flex min-w-0 flex-col gap-4">
      <ExportFormatSwitch value={format} onChange={handleFormat} />
      <div id={EXPORT_FORMAT_PANEL_ID} className="flex min-w-0 flex-col gap-4">
        {format === 'site' ? (
          <>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <p className="max-w-prose text-muted-foreground">
                Build a pocket into a static documentation site with search that works offline, open
                it, browse and download its files.
              </p>
              <Button onClick={handleCreate} data-testid="new-site-button">
                <FolderPlus aria-hidden="true" />
                New site
              </Button>
            </div>
            <ViewModeSwitch value={viewMode} onChange={handleViewMode} />
            <div
              role="tabpanel"
              id={VIEW_MODE_PANEL_ID}
              aria-labelledby={viewModeTabId(viewMode)}
              data-testid={`staticdocs-panel-${viewMode}`}
              className="min-w-0"
            >
              <FolderList
                key={viewMode}
                viewMode={viewMode}
                state={list}
                pocketNames={pocketNames}
                onLoadMore={handleLoadMore}
                onRetry={handleLoadMore}
                onCreate={handleCreate}
                onBrowse={setBrowsing}
                onShare={handleShare}
              />
            </div>
          </>
        ) : (
          <ExportsPanel kind={format} sources={sources} />
        )}
      </div>
      <NewSiteDialog
        open={creating}
        onOpenChange={setCreating}
        onStarted={() => dispatch(viewModeChanged('selfCreatedFolder'))}
        pockets={pockets}
      />
      <FolderFilesDialog folder={browsing} onClose={() => setBrowsing(null)} />
      <ShareFolderDialog
        folder={sharing ?? null}
        onClose={() => setSharingId(null)}
        onChanged={handleFolderChanged}
      />
    </Screen>
  );
}
