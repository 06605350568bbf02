import { useEffect, useMemo, useState } from 'react';
import { ArrowLeft, PackageOpen, Pencil, Plus, Trash2 } from 'lucide-react';
import type { CompilationMetadata } from '@codedocs/contract';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import {
  deleteCompilation,
  fetchCompilationObjects,
  objectToggled,
  objectsSelected,
  removeCompilationObjects,
  renameCompilation,
  selectCompilationsState,
} from '../store/compilations-slice';
import { AddObjectsDialog, type PickerRepository } from './add-objects-dialog';
import { CompilationNameDialog } from './compilation-name-dialog';
import { CompilationObjects } from './compilation-objects';
import { DeleteCompilationDialog } from './delete-compilation-dialog';

/** Props of CompilationDetail. */
export interface CompilationDetailProps {
  compilation: CompilationMetadata;
  /** The user's repositories, for the picker's filters. */
  repositories: PickerRepository[];
  /** Back to the list (phones, where list and detail take turns). */
  onBack: () => void;
  /** The pocket was deleted. */
  onDeleted: () => void;
}

/**
 * One pocket: its name and counts, rename / delete / add objects, and its objects (loaded with
 * `GET /compilation/{id}/object/metadata`, with loading, empty and failed states).
 */
export function CompilationDetail({
  compilation,
  repositories,
  onBack,
  onDeleted,
}: CompilationDetailProps) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectCompilationsState);
  const id = compilation.compilation_id;
  const objects = state.objects.compilationId === id ? state.objects : null;
  const items = objects?.items;
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [picking, setPicking] = useState(false);
  const [removing, setRemoving] = useState(false);

  useEffect(() => {
    void dispatch(fetchCompilationObjects({ compilationId: id, force: true }));
  }, [dispatch, id]);
  const reload = () => void dispatch(fetchCompilationObjects({ compilationId: id, force: true }));

  const presentIds = useMemo(
    () => new Set((items ?? []).map((object) => object.object_id)),
    [items],
  );

  const handleRename = async (name: string) => {
    const result = await dispatch(renameCompilation({ compilationId: id, name }));
    if (renameCompilation.rejected.match(result)) return result.payload ?? 'Not renamed';
    setRenaming(false);
    return null;
  };

  const handleDelete = async () => {
    const result = await dispatch(deleteCompilation(id));
    if (deleteCompilation.rejected.match(result)) {
      toast({
        variant: 'destructive',
        title: 'Pocket not deleted',
        description: result.payload ?? result.error.message,
      });
      return;
    }
    toast({ title: `Deleted “${compilation.name}”` });
    onDeleted();
  };

  const handleRemove = async (objectIds: string[]) => {
    setRemoving(true);
    const result = await dispatch(removeCompilationObjects({ compilationId: id, objectIds }));
    setRemoving(false);
    if (removeCompilationObjects.rejected.match(result)) {
      toast({
        variant: 'destructive',
        title: 'Not removed',
        description: result.payload ?? result.error.message,
      });
      reload();
      return;
    }
    const count = result.payload.changed;
    toast({
      title: `Removed ${count} ${count === 1 ? 'object' : 'objects'} from “${compilation.name}”`,
    });
  };

  const repoCount = compilation.repositories.length;
  return (
    <section
      aria-labelledby="pocket-title"
      data-testid="pocket-detail"
      className="flex min-h-0 min-w-0 flex-1 flex-col gap-3"
    >
      <div className="flex flex-wrap items-start gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={onBack}
          className="lg:hidden"
          data-testid="pocket-back"
        >
          <ArrowLeft aria-hidden="true" />
          Pockets
        </Button>
        <div className="flex w-full min-w-0 flex-col sm:w-auto sm:flex-1">
          <h2 id="pocket-title" className="truncate text-lg font-semibold" title={compilation.name}>
            {compilation.name}
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="pocket-counts">
            {compilation.object_count} {compilation.object_count === 1 ? 'object' : 'objects'} from{' '}
            {repoCount} {repoCount === 1 ? 'repository' : 'repositories'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => setPicking(true)} data-testid="pocket-add-objects">
            <Plus aria-hidden="true" />
            Add objects
          </Button>
          <Button
            variant="outline"
            onClick={() => setRenaming(true)}
            data-testid="pocket-rename"
            aria-label={`Rename ${compilation.name}`}
          >
            <Pencil aria-hidden="true" />
            <span className="hidden sm:inline">Rename</span>
          </Button>
          <Button
            variant="outline"
            onClick={() => setDeleting(true)}
            data-testid="pocket-delete"
            aria-label={`Delete ${compilation.name}`}
            className="text-destructive hover:text-destructive"
          >
            <Trash2 aria-hidden="true" />
            <span className="hidden sm:inline">Delete</span>
          </Button>
        </div>
      </div>

      {objects?.status === 'failed' ? (
        <LoadError
          message={objects.error ?? ''}
          onRetry={reload}
          data-testid="pocket-objects-error"
        />
      ) : !objects || (objects.status !== 'succeeded' && objects.items.length === 0) ? (
        <div
          className="flex flex-col gap-2 rounded-md border border-border p-3"
          aria-busy="true"
          data-testid="pocket-objects-loading"
        >
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-9 w-full" />
          ))}
        </div>
      ) : objects.items.length === 0 ? (
        <div
          data-testid="pocket-objects-empty"
          className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-border p-10 text-center"
        >
          <PackageOpen aria-hidden="true" className="size-10 text-muted-foreground" />
          <p className="font-medium">This pocket is empty</p>
          <p className="text-sm text-muted-foreground">
            Add functions, classes and types from any of your repositories, or use “Add to pocket”
            in Live docs.
          </p>
          <Button variant="outline" onClick={() => setPicking(true)}>
            <Plus aria-hidden="true" />
            Add objects
          </Button>
        </div>
      ) : (
        <CompilationObjects
          // filters and focus belong to one pocket
          key={id}
          compilation={compilation}
          objects={objects.items}
          selectedIds={state.selectedObjectIds}
          onToggle={(objectId) => dispatch(objectToggled(objectId))}
          onSelect={(objectIds) => dispatch(objectsSelected(objectIds))}
          onRemove={(objectIds) => void handleRemove(objectIds)}
          removing={removing}
        />
      )}

      <CompilationNameDialog
        open={renaming}
        onOpenChange={setRenaming}
        title="Rename pocket"
        description="Names are unique among your pockets."
        submitLabel="Rename"
        initialName={compilation.name}
        onSubmit={handleRename}
      />
      <DeleteCompilationDialog
        open={deleting}
        onOpenChange={setDeleting}
        name={compilation.name}
        objectCount={compilation.object_count}
        onConfirm={() => void handleDelete()}
      />
      <AddObjectsDialog
        open={picking}
        onOpenChange={setPicking}
        compilationId={id}
        compilationName={compilation.name}
        presentIds={presentIds}
        repositories={repositories}
      />
    </section>
  );
}
