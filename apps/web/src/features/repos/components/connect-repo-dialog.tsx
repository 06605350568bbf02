import { useState, type FormEvent } from 'react';
import {
  FAILED_TO_CONNECT_REPO,
  repoConnectRequestSchema,
  type RepoConnectRequest,
  type RepoMethod,
} from '@codedocs/contract';
import { useAppDispatch } from '@/app/hooks';
import { FormAlert } from '@/components/form-alert';
import { FormField } from '@/components/form-field';
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
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import type { LoadStatus } from '@/lib/load-status';
import { suggestUrl } from '../connect-failure';
import { connectErrorCleared, connectRepository } from '../store/connecting-slice';
import { SshKeyField, type SshKeyChoice } from './ssh-key-field';

type Field = 'url' | 'key' | 'branch';
type FieldErrors = Partial<Record<Field, string>>;

// Request fields (as the zod issue path or the server's `body.…` error field) to form fields.
const FIELD_OF: Record<string, Field> = {
  external_repo_url: 'url',
  method: 'url',
  ssh_key_name: 'key',
  branch: 'branch',
};

/** The form field an error about request field `name` belongs under (the URL by default). */
function fieldOf(name: string | undefined): Field {
  return FIELD_OF[(name ?? '').replace(/^body\./, '')] ?? 'url';
}

/** Props of ConnectRepoDialog. */
export interface ConnectRepoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user's SSH keys (the screen loads them; features do not share slices). */
  sshKeys: SshKeyChoice[];
  sshKeysStatus: LoadStatus;
  /** Loads the keys when SSH is chosen and they are not loaded yet. */
  onLoadSshKeys: () => void;
}

/**
 * "Connect repository": URL, HTTPS or SSH (then which key), optional branch. On success the
 * dialog closes and the connect appears in the connecting list; a 400 is shown under its field,
 * any other failure as "Failed to connect repo" with the server's (or the spec's) message.
 */
export function ConnectRepoDialog({
  open,
  onOpenChange,
  sshKeys,
  sshKeysStatus,
  onLoadSshKeys,
}: ConnectRepoDialogProps) {
  const dispatch = useAppDispatch();
  const [url, setUrl] = useState('');
  const [method, setMethod] = useState<RepoMethod>('https');
  const [keyName, setKeyName] = useState('');
  const [branch, setBranch] = useState('');
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const reset = () => {
    setUrl('');
    setMethod('https');
    setKeyName('');
    setBranch('');
    setErrors({});
    setFailure(null);
  };
  const handleOpenChange = (next: boolean) => {
    if (pending) return;
    if (!next) reset();
    dispatch(connectErrorCleared());
    onOpenChange(next);
  };
  const handleMethodChange = (value: string) => {
    const next: RepoMethod = value === 'ssh' ? 'ssh' : 'https';
    setMethod(next);
    if (next === 'ssh' && sshKeysStatus === 'idle') onLoadSshKeys();
  };

  const chosenKey = keyName || sshKeys[sshKeys.length - 1]?.name || '';
  // `github.com/pallets/flask` is not a local path: offer the https URL it most likely means
  const suggestion = suggestUrl(url);
  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const draft: RepoConnectRequest = {
      external_repo_url: url,
      method,
      ...(method === 'ssh' && chosenKey ? { ssh_key_name: chosenKey } : {}),
      ...(branch.trim() ? { branch } : {}),
    };
    if (suggestion) {
      setErrors({ url: `Did you mean ${suggestion}?` });
      return;
    }
    const parsed = repoConnectRequestSchema.safeParse(draft);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOf(String(issue.path[0]));
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setFailure(null);
    setPending(true);
    const result = await dispatch(connectRepository(parsed.data));
    setPending(false);
    if (connectRepository.fulfilled.match(result)) {
      reset();
      onOpenChange(false);
      return;
    }
    const payload = result.payload;
    // A refused request (invalid or already connected) is explained under the field concerned.
    if (payload?.status === 400 || payload?.status === 409) {
      setErrors({ [fieldOf(payload.field)]: payload.message });
    } else {
      setFailure(payload?.message ?? null);
    }
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogContent data-testid="connect-repo-dialog">
        <DialogTitle>Connect repository</DialogTitle>
        <DialogDescription>
          CodeDocs clones the repository in the background and lists its files when done.
        </DialogDescription>
        <form
          noValidate
          onSubmit={(event) => void handleSubmit(event)}
          className="flex flex-col gap-4"
        >
          {failure !== null && (
            <FormAlert data-testid="connect-error">
              <p className="font-medium">{FAILED_TO_CONNECT_REPO}</p>
              {failure && failure !== FAILED_TO_CONNECT_REPO && <p>{failure}</p>}
            </FormAlert>
          )}
          <FormField
            id="connect-url"
            data-testid="connect-url"
            label="Repository URL"
            placeholder={
              method === 'ssh'
                ? 'git@github.com:owner/repo.git'
                : 'https://github.com/owner/repo.git'
            }
            hint="The address you would give to git clone."
            autoComplete="off"
            spellCheck={false}
            required
            value={url}
            error={errors.url}
            onChange={(event) => setUrl(event.target.value)}
          />
          {suggestion && (
            <p data-testid="connect-url-suggestion" className="-mt-2 text-sm text-muted-foreground">
              Did you mean{' '}
              <button
                type="button"
                className="font-mono text-foreground underline underline-offset-2"
                onClick={() => {
                  setUrl(suggestion);
                  setErrors({});
                }}
              >
                {suggestion}
              </button>
              ?
            </p>
          )}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1.5 text-sm font-medium">Method</legend>
            <RadioGroup
              value={method}
              onValueChange={handleMethodChange}
              className="flex gap-6"
              aria-label="Method"
            >
              {(['https', 'ssh'] as const).map((value) => (
                <div key={value} className="flex items-center gap-2">
                  <RadioGroupItem
                    value={value}
                    id={`connect-method-${value}`}
                    data-testid={`connect-method-${value}`}
                  />
                  <Label htmlFor={`connect-method-${value}`}>{value.toUpperCase()}</Label>
                </div>
              ))}
            </RadioGroup>
          </fieldset>
          {method === 'ssh' && (
            <SshKeyField
              keys={sshKeys}
              status={sshKeysStatus}
              value={chosenKey}
              error={errors.key}
              onChange={setKeyName}
              onRetry={onLoadSshKeys}
            />
          )}
          <FormField
            id="connect-branch"
            label="Branch (optional)"
            hint="Leave empty for the repository's default branch."
            autoComplete="off"
            spellCheck={false}
            value={branch}
            error={errors.branch}
            onChange={(event) => setBranch(event.target.value)}
          />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" type="button" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <SubmitButton
              pending={pending}
              disabled={method === 'ssh' && !chosenKey}
              data-testid="connect-submit"
            >
              Connect
            </SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
