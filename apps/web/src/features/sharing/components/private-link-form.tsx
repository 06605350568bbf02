import { useState, type FormEvent } from 'react';
import { Link2 } from 'lucide-react';
import type { PrivateShareResponse, SharePermission } from '@codedocs/contract';
import { FormAlert } from '@/components/form-alert';
import { SubmitButton } from '@/components/submit-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { formatDateTime } from '@/lib/format';
import { useCreatePrivateShare } from '../api/create-private-share';
import {
  customDateRange,
  EXPIRY_CHOICES,
  EXPIRY_LABELS,
  shareExpiry,
  type ExpiryChoice,
} from '../expiry';
import { PERMISSION_TEXT } from '../permissions';
import { showShareFailure } from '../share-failure';
import { NewLink } from './new-link';

type Field = 'permission' | 'expiry';
const SERVER_FIELDS: Record<string, Field> = { permission: 'permission', expiry: 'expiry' };

/** Props of PrivateLinkForm. */
export interface PrivateLinkFormProps {
  folderId: string;
  /** Only the owner may make editor links; editors share as viewer. */
  mayGrantEditor: boolean;
  onChanged: () => void;
}

/**
 * A private link: a permission (viewer, or editor for the owner) and an expiry (1, 7 or 30
 * days, or the end of a chosen day). The link leads to the invitation page, where a logged-in
 * person adds the folder to their list; it is shown once, with Copy.
 */
export function PrivateLinkForm({ folderId, mayGrantEditor, onChanged }: PrivateLinkFormProps) {
  const create = useCreatePrivateShare(folderId);
  const [permission, setPermission] = useState<SharePermission>('viewer');
  const [choice, setChoice] = useState<ExpiryChoice>('7d');
  const [customDate, setCustomDate] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [made, setMade] = useState<PrivateShareResponse | null>(null);
  const now = new Date();
  const range = customDateRange(now);
  const planned = shareExpiry(choice, customDate, now);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const expiry = shareExpiry(choice, customDate, new Date());
    if ('error' in expiry) {
      setErrors({ expiry: expiry.error });
      return;
    }
    setErrors({});
    create.mutate(
      { permission, expiry: expiry.expiry },
      {
        onSuccess: (answer) => {
          setMade(answer);
          onChanged();
        },
        onError: (error) =>
          showShareFailure(error, SERVER_FIELDS, 'The link was not made', {
            field: (field, message) => setErrors({ [field]: message }),
            form: setFormError,
          }),
      },
    );
  };

  const expiryError = errors.expiry;
  const expiryDescribedBy = expiryError ? 'share-expiry-error' : 'share-expiry-when';
  return (
    <section aria-labelledby="share-private-title" className="flex flex-col gap-3">
      <h3 id="share-private-title" className="flex items-center gap-2 font-medium">
        <Link2 aria-hidden="true" className="size-4 text-muted-foreground" />
        Private link
      </h3>
      <form
        className="flex flex-col gap-3"
        onSubmit={handleSubmit}
        noValidate
        data-testid="share-private-form"
      >
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Permission</legend>
          <RadioGroup
            value={permission}
            onValueChange={(value) => setPermission(value as SharePermission)}
            aria-invalid={errors.permission ? true : undefined}
            aria-describedby={errors.permission ? 'share-permission-error' : undefined}
            data-testid="share-private-permission"
          >
            {(['viewer', 'editor'] as const).map((value) => {
              const refused = value === 'editor' && !mayGrantEditor;
              return (
                <div key={value} className="flex items-start gap-2">
                  <RadioGroupItem
                    id={`share-permission-${value}`}
                    value={value}
                    disabled={refused}
                    className="mt-0.5"
                    aria-describedby={`share-permission-${value}-hint`}
                  />
                  <div className="flex min-w-0 flex-col gap-0.5">
                    <Label htmlFor={`share-permission-${value}`} className="capitalize">
                      {value}
                    </Label>
                    <p
                      id={`share-permission-${value}-hint`}
                      className="text-xs text-muted-foreground"
                    >
                      {refused ? 'Only the owner can give editor access.' : PERMISSION_TEXT[value]}
                    </p>
                  </div>
                </div>
              );
            })}
          </RadioGroup>
          {errors.permission && (
            <p id="share-permission-error" className="text-sm text-destructive">
              {errors.permission}
            </p>
          )}
        </fieldset>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="share-expiry">Expires after</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Select
              value={choice}
              onValueChange={(value) => {
                setChoice(value as ExpiryChoice);
                setErrors((all) => ({ ...all, expiry: undefined }));
              }}
            >
              <SelectTrigger
                id="share-expiry"
                aria-invalid={expiryError && choice !== 'custom' ? true : undefined}
                aria-describedby={expiryDescribedBy}
                className="sm:w-48"
                data-testid="share-private-expiry"
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {EXPIRY_CHOICES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {EXPIRY_LABELS[value]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {choice === 'custom' && (
              <Input
                type="date"
                aria-label="Last day the link works"
                min={range.min}
                max={range.max}
                value={customDate}
                onChange={(event) => {
                  setCustomDate(event.target.value);
                  setErrors((all) => ({ ...all, expiry: undefined }));
                }}
                aria-invalid={expiryError ? true : undefined}
                aria-describedby={expiryDescribedBy}
                className="sm:w-48"
                data-testid="share-private-date"
              />
            )}
          </div>
          {expiryError ? (
            <p
              id="share-expiry-error"
              className="text-sm text-destructive"
              data-testid="share-expiry-error"
            >
              {expiryError}
            </p>
          ) : (
            <p id="share-expiry-when" className="text-xs text-muted-foreground">
              {'expiresAt' in planned
                ? `The link stops working on ${formatDateTime(planned.expiresAt.toISOString())}.`
                : 'The link works until the end of the day you choose (at most a year).'}
            </p>
          )}
        </div>
        {formError && <FormAlert data-testid="share-private-error">{formError}</FormAlert>}
        <SubmitButton
          pending={create.isPending}
          className="self-start"
          data-testid="share-private-submit"
        >
          Make private link
        </SubmitButton>
      </form>
      {made && (
        <NewLink
          url={made.url}
          title="New private link"
          description={`Whoever opens it while logged in gets ${made.permission} access until ${formatDateTime(made.expires_at)}.`}
          onDone={() => setMade(null)}
          data-testid="share-private-link"
        />
      )}
    </section>
  );
}
