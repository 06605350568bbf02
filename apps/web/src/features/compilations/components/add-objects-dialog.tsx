import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { ERROR_FETCHING_OBJECTS, type ListedObject, type ObjectStatus } from '@codedocs/contract';
import { useAppDispatch } from '@/app/hooks';
import { FormAlert } from '@/components/form-alert';
import { LoadError } from '@/components/load-error';
import { SubmitButton } from '@/components/submit-button';
import { Badge } from '@/components/ui/badge';
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
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { toast } from '@/hooks/use-toast';
import { failureMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { STATUS_LABEL, STATUS_ORDER } from '@/lib/doc-status';
import { searchObjects, type ObjectSearchFilters } from '../api/compilation-calls';
import { addCompilationObjects } from '../store/compilations-slice';
import { ObjectStatusBadge } from './object-status-badge';
import { VirtualList } from './virtual-list';

/** Wait after the last keystroke in the search box before asking the server. */
export const OBJECT_SEARCH_DEBOUNCE_MS = 250;

const ALL = '*';
/** The engine's object kinds (one vocabulary for every language). */
const KINDS = [
  'function',
  'method',
  'constructor',
  'class',
  'interface',
  'struct',
  'trait',
  'enum',
  'type',
  'module',
  'namespace',
  'constant',
];

/** A repository the picker can filter by. */
export interface PickerRepository {
  repo_id: string;
  name: string;
  languages: string[];
}

/** Props of AddObjectsDialog. */
export interface AddObjectsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  compilationId: string;
  compilationName: string;
  /** Objects already in the pocket: shown as such, not selectable. */
  presentIds: ReadonlySet<string>;
  repositories: PickerRepository[];
}

/**
 * "Add objects": searches every repository of the user (`GET /objects/search`, debounced,
 * paged by cursor as the list scrolls), filtered by kind, language, repository and status;
 * several objects are chosen and added at once.
 */
export function AddObjectsDialog({ open, onOpenChange, ...props }: AddObjectsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        data-testid="add-objects-dialog"
        className="flex max-h-[calc(100dvh-2rem)] max-w-3xl flex-col p-4 sm:p-6"
      >
        {open && <Picker {...props} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function Picker({
  compilationId,
  compilationName,
  presentIds,
  repositories,
  onDone,
}: Omit<AddObjectsDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const dispatch = useAppDispatch();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), OBJECT_SEARCH_DEBOUNCE_MS);
  const [kind, setKind] = useState(ALL);
  const [language, setLanguage] = useState(ALL);
  const [repoId, setRepoId] = useState(ALL);
  const [status, setStatus] = useState<ObjectStatus | typeof ALL>(ALL);
  const [chosen, setChosen] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const filters = useMemo<ObjectSearchFilters>(
    () => ({
      q: q || undefined,
      kind: kind === ALL ? undefined : kind,
      language: language === ALL ? undefined : language,
      repo_id: repoId === ALL ? undefined : repoId,
      status: status === ALL ? undefined : status,
    }),
    [q, kind, language, repoId, status],
  );
  const search = useInfiniteQuery({
    queryKey: ['object-search', filters],
    queryFn: ({ pageParam, signal }) => searchObjects(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    retry: false,
  });
  const results = useMemo(
    () => search.data?.pages.flatMap((page) => page.objects) ?? [],
    [search.data],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = search;
  const handleEndReached = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const languages = useMemo(
    () => [...new Set(repositories.flatMap((repo) => repo.languages))].sort(),
    [repositories],
  );
  const chosenSet = useMemo(() => new Set(chosen), [chosen]);
  const selectable = results.filter((o) => !presentIds.has(o.object_id));
  const allChosen = selectable.length > 0 && selectable.every((o) => chosenSet.has(o.object_id));

  const handleToggle = (objectId: string) =>
    setChosen((ids) =>
      ids.includes(objectId) ? ids.filter((id) => id !== objectId) : [...ids, objectId],
    );
  const handleChooseAll = () => {
    const ids = new Set(selectable.map((o) => o.object_id));
    setChosen((current) =>
      allChosen ? current.filter((id) => !ids.has(id)) : [...new Set([...current, ...ids])],
    );
  };

  const handleAdd = async () => {
    setAdding(true);
    setError(null);
    const result = await dispatch(addCompilationObjects({ compilationId, objectIds: chosen }));
    setAdding(false);
    if (addCompilationObjects.rejected.match(result)) {
      setError(result.payload ?? result.error.message ?? null);
      return;
    }
    toast({
      title: `Added to “${compilationName}”`,
      description: `${result.payload.changed} ${result.payload.changed === 1 ? 'object' : 'objects'} added.`,
    });
    onDone();
  };

  const renderRow = (object: ListedObject) => {
    const present = presentIds.has(object.object_id);
    const inputId = `pick-${object.object_id}`;
    return (
      <label
        htmlFor={inputId}
        data-testid="picker-object"
        data-object-name={object.qualified_name}
        data-repo-name={object.repo_name}
        className={cn(
          'flex h-full items-center gap-2 border-b border-border/60 px-2 hover:bg-accent/60',
          present ? 'cursor-default' : 'cursor-pointer',
        )}
      >
        <input
          id={inputId}
          type="checkbox"
          checked={present || chosenSet.has(object.object_id)}
          disabled={present}
          onChange={() => handleToggle(object.object_id)}
          data-testid="picker-object-check"
          className="size-4 shrink-0 accent-primary"
        />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-mono text-xs" title={object.qualified_name}>
            {object.qualified_name}
          </span>
          <span className="truncate text-xs text-muted-foreground">
            {object.repo_name} · {object.kind} · {object.file_path}:{object.line_start}
          </span>
        </span>
        {present ? (
          <Badge variant="secondary" data-testid="picker-object-present">
            In pocket
          </Badge>
        ) : (
          <ObjectStatusBadge status={object.status} />
        )}
      </label>
    );
  };

  let list: ReactNode;
  if (search.isError) {
    list = (
      <LoadError
        message={failureMessage(search.error, ERROR_FETCHING_OBJECTS)}
        onRetry={() => void search.refetch()}
        data-testid="picker-error"
      />
    );
  } else if (search.isPending) {
    list = (
      <div className="flex flex-col gap-1.5 rounded-md border border-border p-2" aria-busy="true">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-9 w-full" />
        ))}
      </div>
    );
  } else {
    list = (
      <VirtualList
        items={results}
        getKey={(object) => object.object_id}
        rowHeight={() => 48}
        renderRow={renderRow}
        label="Search results"
        testId="picker-results"
        className="h-[min(24rem,50dvh)]"
        empty={
          filters.q || filters.kind || filters.language || filters.repo_id || filters.status
            ? 'No object matches the search.'
            : 'No indexed objects yet: connect a repository first.'
        }
        onEndReached={handleEndReached}
        footer={
          isFetchingNextPage && (
            <p className="flex items-center justify-center gap-2 p-2 text-xs text-muted-foreground">
              <Spinner className="size-3" /> Loading more…
            </p>
          )
        }
      />
    );
  }

  return (
    <>
      <DialogTitle>Add objects to “{compilationName}”</DialogTitle>
      <DialogDescription>
        Search the functions, classes and types of all your repositories. Objects already in the
        pocket are marked.
      </DialogDescription>
      <div className="flex flex-col gap-2">
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground"
          />
          <Input
            type="search"
            autoFocus
            aria-label="Search objects by name"
            placeholder="Search by name or qualified name"
            value={text}
            onChange={(event) => setText(event.target.value)}
            data-testid="picker-search"
            className="pl-8"
          />
        </div>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          <FilterSelect label="Type" value={kind} onChange={setKind} testId="picker-kind">
            <SelectItem value={ALL}>All types</SelectItem>
            {KINDS.map((k) => (
              <SelectItem key={k} value={k}>
                {k}
              </SelectItem>
            ))}
          </FilterSelect>
          <FilterSelect
            label="Language"
            value={language}
            onChange={setLanguage}
            testId="picker-language"
          >
            <SelectItem value={ALL}>All languages</SelectItem>
            {languages.map((l) => (
              <SelectItem key={l} value={l}>
                {l}
              </SelectItem>
            ))}
          </FilterSelect>
          <FilterSelect label="Repository" value={repoId} onChange={setRepoId} testId="picker-repo">
            <SelectItem value={ALL}>All repositories</SelectItem>
            {repositories.map((repo) => (
              <SelectItem key={repo.repo_id} value={repo.repo_id}>
                {repo.name}
              </SelectItem>
            ))}
          </FilterSelect>
          <FilterSelect
            label="Status"
            value={status}
            onChange={(value) => setStatus(value as ObjectStatus | typeof ALL)}
            testId="picker-status"
          >
            <SelectItem value={ALL}>Any status</SelectItem>
            {STATUS_ORDER.map((s) => (
              <SelectItem key={s} value={s}>
                {STATUS_LABEL[s]}
              </SelectItem>
            ))}
          </FilterSelect>
        </div>
        <label className="flex items-center gap-2 px-1 text-xs text-muted-foreground">
          <input
            type="checkbox"
            checked={allChosen}
            onChange={handleChooseAll}
            disabled={selectable.length === 0}
            data-testid="picker-select-all"
            className="size-4 accent-primary"
          />
          Select all loaded ({selectable.length})
        </label>
      </div>
      <div className="min-h-0 flex-1">{list}</div>
      {error && <FormAlert>{error}</FormAlert>}
      <DialogFooter className="items-center">
        <span
          className="text-sm text-muted-foreground sm:mr-auto"
          data-testid="picker-chosen-count"
          aria-live="polite"
        >
          {chosen.length} selected
        </span>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            Cancel
          </Button>
        </DialogClose>
        <SubmitButton
          type="button"
          pending={adding}
          disabled={chosen.length === 0}
          onClick={() => void handleAdd()}
          data-testid="picker-add"
        >
          Add {chosen.length > 0 ? chosen.length : ''} {chosen.length === 1 ? 'object' : 'objects'}
        </SubmitButton>
      </DialogFooter>
    </>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  testId,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger aria-label={label} data-testid={testId} className="w-full min-w-0">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>{children}</SelectContent>
    </Select>
  );
}
