import { useState, type FormEvent } from 'react';
import { CircleAlert, ExternalLink } from 'lucide-react';
import { FOLDER_NAME_MAX_LENGTH, folderNameSchema } from '@codedocs/contract';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
import { LoadError } from '@/components/load-error';
import { SubmitButton } from '@/components/submit-button';
import { TaskProgress } from '@/components/task-progress';
import { TextLink } from '@/components/text-link';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useTask } from '@/hooks/use-task';
import type { LoadStatus } from '@/lib/load-status';
import { taskPercent } from '../hooks/use-folder-build';
import { useOpenSite } from '../hooks/use-open-site';
import { createFolder, selectStaticdocs, type CallRefusal } from '../store/staticdocs-slice';

/** A pocket a site can be built from. */
export interface PocketChoice {
  compilation_id: string;
  name: string;
  object_count: number;
}

/** The user's pockets with their load status (the compilations list of the app). */
export interface PocketChoices {
  items: PocketChoice[];
  status: LoadStatus;
  error: string | null;
  onRetry: () => void;
}

/** Props of NewSiteDialog. */
export interface NewSiteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pockets: PocketChoices;
  /** The server accepted the build (its folder is first in the self-created list). */
  onStarted?: () => void;
}

/**
 * "New site": choose a pocket and name the folder, then follow the build (percent and step)
 * until the site is ready, or read why it failed. Closing the dialog leaves the build running;
 * its folder shows the progress in the list.
 */
export function NewSiteDialog({ open, onOpenChange, pockets, onStarted }: NewSiteDialogProps) {
  const [started, setStarted] = useState<{ folderId: string; taskId: string } | null>(null);
  const handleOpenChange = (next: boolean) => {
    if (!next) setStarted(null);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent
        data-testid="new-site-dialog"
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
      >
        {open &&
          (started ? (
            <BuildProgress {...started} onClose={() => handleOpenChange(false)} />
          ) : (
            <NewSiteForm
              pockets={pockets}
              onStarted={(build) => {
                setStarted(build);
                onStarted?.();
              }}
            />
          ))}
      </DialogContent>
    </Dialog>
  );
}

type Field = 'compilation_id' | 'folder_name';

function NewSiteForm({
  pockets,
  onStarted,
}: {
  pockets: PocketChoices;
  onStarted: (started: { folderId: string; taskId: string }) => void;
}) {
  const dispatch = useAppDispatch();
  const [pocketId, setPocketId] = useState('');
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [refusal, setRefusal] = useState<CallRefusal | null>(null);
  const [pending, setPending] = useState(false);

  const handlePocket = (id: string) => {
    setPocketId(id);
    setFieldErrors((errors) => ({ ...errors, compilation_id: undefined }));
    const pocket = pockets.items.find((item) => item.compilation_id === id);
    // the pocket's name is a good first name for its site, until the user writes their own
    if (pocket && !nameTouched) setName(pocket.name);
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: Partial<Record<Field, string>> = {};
    if (!pocketId) errors.compilation_id = 'Choose a pocket';
    const parsed = folderNameSchema.safeParse(name);
    if (!parsed.success) errors.folder_name = parsed.error.issues[0]?.message ?? 'Name the folder';
    setFieldErrors(errors);
    setRefusal(null);
    if (Object.keys(errors).length > 0 || !parsed.success) return;
    setPending(true);
    const result = await dispatch(
      createFolder({ compilationId: pocketId, folderName: parsed.data }),
    );
    setPending(false);
    if (createFolder.fulfilled.match(result)) {
      onStarted({ folderId: result.payload.folder_id, taskId: result.payload.task_id });
      return;
    }
    const failure = result.payload ?? { message: 'Not built', status: -1, field: null };
    if (failure.field === 'folder_name' || failure.field === 'compilation_id') {
      setFieldErrors({ [failure.field]: failure.message });
    } else if (failure.status === 404) {
      setFieldErrors({ compilation_id: failure.message });
    } else {
      setRefusal(failure);
    }
  };

  const noPockets = pockets.status === 'succeeded' && pockets.items.length === 0;
  return (
    <form className="flex flex-col gap-4" onSubmit={(event) => void handleSubmit(event)} noValidate>
      <DialogTitle>New site</DialogTitle>
      <DialogDescription>
        Build a pocket into a static documentation site pinned to the current commit of each of its
        repositories.
      </DialogDescription>
      <PocketField
        pockets={pockets}
        value={pocketId}
        onChange={handlePocket}
        error={fieldErrors.compilation_id}
      />
      <FormField
        id="site-folder-name"
        label="Folder name"
        value={name}
        autoComplete="off"
        maxLength={FOLDER_NAME_MAX_LENGTH + 20}
        onChange={(event) => {
          setName(event.target.value);
          setNameTouched(true);
          setFieldErrors((errors) => ({ ...errors, folder_name: undefined }));
        }}
        error={fieldErrors.folder_name}
        hint={`Shown on the site and used for its zip. Up to ${FOLDER_NAME_MAX_LENGTH} characters.`}
        data-testid="new-site-name"
      />
      {refusal &&
        (refusal.status === 403 ? (
          <FormAlert data-testid="new-site-quota">
            <p className="font-medium">Your plan allows no more sites</p>
            <p>{refusal.message}</p>
            <p>
              <TextLink to={paths.app.settings.parser}>See the plans in Parser settings</TextLink>
            </p>
          </FormAlert>
        ) : (
          <FormAlert data-testid="new-site-error">{refusal.message}</FormAlert>
        ))}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <SubmitButton pending={pending} disabled={noPockets} data-testid="new-site-submit">
          Build site
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}

function PocketField({
  pockets,
  value,
  onChange,
  error,
}: {
  pockets: PocketChoices;
  value: string;
  onChange: (id: string) => void;
  error: string | undefined;
}) {
  const errorId = 'new-site-pocket-error';
  if (pockets.status === 'failed') {
    return (
      <LoadError
        message={pockets.error ?? ''}
        onRetry={pockets.onRetry}
        data-testid="new-site-pockets-error"
      />
    );
  }
  if (pockets.items.length === 0 && pockets.status !== 'succeeded') {
    return <Skeleton className="h-16 w-full" data-testid="new-site-pockets-loading" />;
  }
  if (pockets.items.length === 0) {
    return (
      <p
        data-testid="new-site-no-pockets"
        className="flex items-start gap-2 rounded-md border border-dashed border-border p-3 text-sm"
      >
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>
          You have no pockets yet. A site is built from a pocket of objects:{' '}
          <TextLink to={paths.app.pockets}>create one in Pockets</TextLink>, then come back.
        </span>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor="new-site-pocket">Pocket</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger
          id="new-site-pocket"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          data-testid="new-site-pocket"
          className="w-full"
        >
          <SelectValue placeholder="Choose a pocket" />
        </SelectTrigger>
        <SelectContent>
          {pockets.items.map((pocket) => (
            <SelectItem
              key={pocket.compilation_id}
              value={pocket.compilation_id}
              disabled={pocket.object_count === 0}
            >
              {pocket.name} ·{' '}
              {pocket.object_count === 0
                ? 'empty'
                : `${pocket.object_count.toLocaleString()} ${pocket.object_count === 1 ? 'object' : 'objects'}`}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {error && (
        <p id={errorId} data-testid="new-site-pocket-error" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

function BuildProgress({
  folderId,
  taskId,
  onClose,
}: {
  folderId: string;
  taskId: string;
  onClose: () => void;
}) {
  const task = useTask(taskId);
  const openSite = useOpenSite();
  const folder = useAppSelector((state) =>
    selectStaticdocs(state).lists.selfCreatedFolder.items.find(
      (item) => item.folder_id === folderId,
    ),
  );
  const status = task?.status;
  const percent = taskPercent(task);
  const label =
    status === 'succeeded'
      ? 'Site ready'
      : status === 'failed'
        ? 'The build failed'
        : percent === null
          ? 'Building the site'
          : `Building the site · ${percent}%`;
  return (
    <div className="flex flex-col gap-4" data-testid="new-site-progress" data-status={status}>
      <DialogTitle>{folder ? `“${folder.name}”` : 'New site'}</DialogTitle>
      <DialogDescription>
        {status === 'succeeded'
          ? 'The site is built. Open it, or find it in your list to browse and download it.'
          : status === 'failed'
            ? 'Nothing was published. Fix what the message says, then use Update on the folder.'
            : 'You can close this window: the build goes on and its folder shows the progress.'}
      </DialogDescription>
      <TaskProgress
        testId="new-site-task"
        label={label}
        done={task?.progress.done ?? 0}
        total={task?.progress.total ?? 0}
        message={status === 'failed' ? null : (task?.message ?? 'Queued')}
        status={status}
      />
      {status === 'failed' && (
        <FormAlert data-testid="new-site-failure">
          {task?.error ?? task?.message ?? 'The site could not be built'}
        </FormAlert>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onClose} data-testid="new-site-close">
          {status === 'succeeded' || status === 'failed' ? 'Close' : 'Keep building in background'}
        </Button>
        {status === 'succeeded' && folder && (
          <Button onClick={() => void openSite(folder)} data-testid="new-site-open">
            <ExternalLink aria-hidden="true" />
            Open site
          </Button>
        )}
      </DialogFooter>
    </div>
  );
}
