import { useEffect, useState, type FormEvent } from 'react';
import { COMPILATION_NAME_MAX_LENGTH } from '@codedocs/contract';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { FormAlert } from '@/components/form-alert';
import { LoadError } from '@/components/load-error';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import {
  addCompilationObjects,
  createCompilation,
  fetchCompilations,
  selectCompilationsState,
} from '../store/compilations-slice';
import { compilationNameError } from './compilation-name-dialog';

const NEW = '__new__';

/** Props of AddToPocketDialog. */
export interface AddToPocketDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The objects to add (one from an object panel, or a selection of a list). */
  objectIds: string[];
  /** What the objects are called in the title, e.g. "greet" or "3 objects". */
  subject: string;
}

/**
 * "Add to pocket", wherever objects are shown: pick one of the user's pockets or name a new
 * one, then the objects are added (those already in stay where they are).
 */
export function AddToPocketDialog({ open, onOpenChange, ...props }: AddToPocketDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="add-to-pocket-dialog">
        {open && <AddToPocketForm {...props} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function AddToPocketForm({
  objectIds,
  subject,
  onDone,
}: Omit<AddToPocketDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const dispatch = useAppDispatch();
  const compilations = useAppSelector(selectCompilationsState);
  const [choice, setChoice] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (compilations.status === 'idle') void dispatch(fetchCompilations());
  }, [dispatch, compilations.status]);

  // the first pocket is preselected once the list is known; without pockets, a new one
  const chosen =
    choice ??
    compilations.items[0]?.compilation_id ??
    (compilations.status === 'succeeded' ? NEW : null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    setError(null);
    let compilationId = chosen;
    let pocketName = compilations.items.find((c) => c.compilation_id === chosen)?.name ?? '';
    if (chosen === NEW) {
      const invalid = compilationNameError(name);
      setNameError(invalid);
      if (invalid) return;
      setPending(true);
      const created = await dispatch(createCompilation(name.trim()));
      if (createCompilation.rejected.match(created)) {
        setPending(false);
        setNameError(created.payload ?? created.error.message ?? null);
        return;
      }
      compilationId = created.payload.compilation_id;
      pocketName = created.payload.name;
      // the new pocket is now in the list: a failure below leaves it chosen, not "new"
      setChoice(compilationId);
    }
    setPending(true);
    const added = await dispatch(addCompilationObjects({ compilationId, objectIds }));
    setPending(false);
    if (addCompilationObjects.rejected.match(added)) {
      setError(added.payload ?? added.error.message ?? null);
      return;
    }
    const count = added.payload.changed;
    toast({
      title: `Added to “${pocketName}”`,
      description:
        count === objectIds.length
          ? `${count} ${count === 1 ? 'object' : 'objects'} added.`
          : `${count} added; ${objectIds.length - count} already in the pocket.`,
    });
    onDone();
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <DialogTitle>Add {subject} to a pocket</DialogTitle>
      <DialogDescription>
        Pockets gather objects from any of your repositories; documentation sites are built from
        them.
      </DialogDescription>
      {compilations.status === 'failed' && compilations.items.length === 0 && (
        <LoadError
          message={compilations.error ?? ''}
          onRetry={() => void dispatch(fetchCompilations())}
        />
      )}
      {compilations.status !== 'succeeded' &&
        compilations.status !== 'failed' &&
        compilations.items.length === 0 && (
          <div className="flex flex-col gap-2" aria-busy="true">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-6 w-1/2" />
          </div>
        )}
      {chosen && (
        <RadioGroup
          value={chosen}
          onValueChange={setChoice}
          aria-label="Pocket"
          className="max-h-64 overflow-auto p-1"
          data-testid="add-to-pocket-choices"
        >
          {compilations.items.map((item) => (
            <div key={item.compilation_id} className="flex items-center gap-2">
              <RadioGroupItem
                value={item.compilation_id}
                id={`pocket-choice-${item.compilation_id}`}
              />
              <Label
                htmlFor={`pocket-choice-${item.compilation_id}`}
                className="min-w-0 flex-1 truncate font-normal"
              >
                {item.name}{' '}
                <span className="text-xs text-muted-foreground">({item.object_count})</span>
              </Label>
            </div>
          ))}
          <div className="flex items-center gap-2">
            <RadioGroupItem value={NEW} id="pocket-choice-new" data-testid="add-to-pocket-new" />
            <Label htmlFor="pocket-choice-new" className="font-normal">
              A new pocket
            </Label>
          </div>
        </RadioGroup>
      )}
      {chosen === NEW && (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="new-pocket-name">Name of the new pocket</Label>
          <Input
            id="new-pocket-name"
            autoFocus
            autoComplete="off"
            value={name}
            maxLength={COMPILATION_NAME_MAX_LENGTH + 20}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'new-pocket-name-error' : undefined}
            data-testid="add-to-pocket-name"
          />
          {nameError && (
            <p id="new-pocket-name-error" className="text-sm text-destructive">
              {nameError}
            </p>
          )}
        </div>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <SubmitButton pending={pending} disabled={!chosen} data-testid="add-to-pocket-submit">
          Add to pocket
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
