import { Check, Copy, KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  SSH_KEY_ALGORITHMS,
  sshKeyGenerateRequestSchema,
  type SshKeyAlgorithm,
  type SshKeyJson,
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
  DialogTrigger,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { copyText } from '@/lib/copy-text';
import { generateSshKeyPair } from '../store/ssh-keys-slice';

const ALGORITHM_LABELS: Record<SshKeyAlgorithm, string> = {
  ed25519: 'Ed25519 (recommended)',
  rsa: 'RSA 4096',
  ecdsa: 'ECDSA P-256',
};

/**
 * "Generate key": a name and an algorithm; the server makes the pair and keeps the private half.
 * After success the dialog shows the public key, read-only, with a Copy button, to add to the
 * Git host.
 */
export function GenerateSshKeyDialog() {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [algorithm, setAlgorithm] = useState<SshKeyAlgorithm>('ed25519');
  const [pending, setPending] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [created, setCreated] = useState<SshKeyJson | null>(null);
  const [copied, setCopied] = useState(false);

  const handleOpenChange = (next: boolean) => {
    if (pending) return;
    setOpen(next);
    if (!next) {
      setName('');
      setAlgorithm('ed25519');
      setNameError(null);
      setFailure(null);
      setCreated(null);
      setCopied(false);
    }
  };
  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = sshKeyGenerateRequestSchema.safeParse({ name: name.trim(), algorithm });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? 'Check the name');
      return;
    }
    setNameError(null);
    setFailure(null);
    setPending(true);
    const result = await dispatch(generateSshKeyPair(parsed.data));
    setPending(false);
    if (generateSshKeyPair.fulfilled.match(result)) {
      setCreated(result.payload);
      return;
    }
    if (result.payload?.status === 400 || result.payload?.status === 409) {
      setNameError(result.payload.message);
    } else {
      setFailure(result.payload?.message ?? 'Could not generate the key.');
    }
  };
  const handleCopy = async () => {
    if (!created) return;
    const done = await copyText(created.public_key);
    setCopied(done);
    toast(
      done
        ? { title: 'Public key copied', description: created.name }
        : {
            variant: 'destructive',
            title: 'Could not copy',
            description: 'Select the key and copy it by hand.',
          },
    );
  };

  return (
    <Dialog open={open} onOpenChange={handleOpenChange}>
      <DialogTrigger asChild>
        <Button data-testid="ssh-generate">
          <KeyRound aria-hidden="true" />
          Generate key
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="ssh-generate-dialog">
        {created ? (
          <>
            <DialogTitle>Key {created.name} created</DialogTitle>
            <DialogDescription>
              Add this public key to your Git host (for example as a deploy key), then connect
              repositories over SSH with it.
            </DialogDescription>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="ssh-public-key">Public key</Label>
              <Textarea
                id="ssh-public-key"
                data-testid="ssh-public-key"
                readOnly
                rows={4}
                value={created.public_key}
                onFocus={(event) => event.currentTarget.select()}
                className="font-mono text-xs break-all"
              />
              <p className="text-xs text-muted-foreground">
                Fingerprint <code className="font-mono">{created.fingerprint}</code>
              </p>
            </div>
            <DialogFooter>
              <Button variant="outline" data-testid="ssh-copy" onClick={() => void handleCopy()}>
                {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                {copied ? 'Copied' : 'Copy'}
              </Button>
              <DialogClose asChild>
                <Button>Done</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogTitle>Generate an SSH key</DialogTitle>
            <DialogDescription>
              CodeDocs keeps the private key; you get the public key to give your Git host.
            </DialogDescription>
            <form
              noValidate
              onSubmit={(event) => void handleSubmit(event)}
              className="flex flex-col gap-4"
            >
              {failure && <FormAlert>{failure}</FormAlert>}
              <FormField
                id="ssh-key-name"
                label="Name"
                hint="Letters, digits, dot, underscore and hyphen."
                autoComplete="off"
                spellCheck={false}
                value={name}
                error={nameError}
                onChange={(event) => setName(event.target.value)}
              />
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1.5 text-sm font-medium">Algorithm</legend>
                <RadioGroup
                  value={algorithm}
                  onValueChange={(value) => setAlgorithm(value as SshKeyAlgorithm)}
                  aria-label="Algorithm"
                >
                  {SSH_KEY_ALGORITHMS.map((value) => (
                    <div key={value} className="flex items-center gap-2">
                      <RadioGroupItem value={value} id={`ssh-algorithm-${value}`} />
                      <Label htmlFor={`ssh-algorithm-${value}`}>{ALGORITHM_LABELS[value]}</Label>
                    </div>
                  ))}
                </RadioGroup>
              </fieldset>
              <DialogFooter>
                <DialogClose asChild>
                  <Button variant="outline" type="button" disabled={pending}>
                    Cancel
                  </Button>
                </DialogClose>
                <SubmitButton pending={pending} data-testid="ssh-generate-submit">
                  Generate
                </SubmitButton>
              </DialogFooter>
            </form>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
