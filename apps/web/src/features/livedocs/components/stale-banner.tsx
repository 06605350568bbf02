import type { LivedocsField, LivedocsObject } from '@codedocs/contract';
import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DiffView } from './diff-view';

/** The filled fields written against older code: what "Mark as reviewed" vouches for. */
export function staleFields(object: LivedocsObject): LivedocsField[] {
  return object.fields.filter((field) => field.stale && field.value.trim() !== '');
}

/** Fields a person wrote (edited or imported): Regenerate keeps them, so only review clears them. */
function isKeptByRegenerate(field: LivedocsField): boolean {
  return field.source === 'edited' || field.source === 'imported';
}

/** Moves the keyboard to a field's editor (its textarea, or the field when it shows a preview). */
function focusField(fieldId: string) {
  const textarea = document.getElementById(`livedocs-field-${fieldId}`);
  const target =
    textarea ?? document.querySelector<HTMLElement>(`[data-field-id="${CSS.escape(fieldId)}"]`);
  target?.scrollIntoView({ block: 'center' });
  target?.focus();
}

/**
 * "The code changed since these docs were written": the diff, which fields were written for the
 * older code, and the two ways out. Regenerate refreshes generated fields only; once it has run
 * (or when only fields a person wrote are left) the banner says which edited fields still need
 * review and offers "Mark as reviewed" first.
 */
export function StaleBanner({
  object,
  readOnly,
  busy,
  regenerated,
  onRegenerate,
  onReview,
}: {
  object: LivedocsObject;
  readOnly: boolean;
  busy: boolean;
  /** Regenerate has just run for this object. */
  regenerated: boolean;
  onRegenerate: () => void;
  onReview: () => void;
}) {
  const stale = object.stale;
  if (!stale) return null;
  const fields = staleFields(object);
  const kept = fields.filter(isKeptByRegenerate);
  const onlyKept = fields.length > 0 && kept.length === fields.length;
  const reviewFirst = regenerated || onlyKept;

  return (
    <section
      data-testid="livedocs-stale-banner"
      aria-label="Stale documentation"
      className="flex min-w-0 flex-col gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-3"
    >
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
        <AlertTriangle aria-hidden="true" className="size-4 text-amber-600 dark:text-amber-400" />
        {regenerated
          ? 'Regenerated: the generated fields now match the code'
          : 'The code changed since these docs were written'}
        {stale.written_at_commit && (
          <span className="font-mono text-xs font-normal text-muted-foreground">
            (written at {stale.written_at_commit.slice(0, 10)})
          </span>
        )}
      </p>
      {fields.length > 0 && (
        <div
          className="flex flex-wrap items-center gap-1.5 text-sm"
          data-testid="livedocs-stale-fields"
        >
          <span>
            {reviewFirst
              ? kept.length === 1
                ? 'This edited field was kept and still needs review:'
                : 'These edited fields were kept and still need review:'
              : 'Written for the older code:'}
          </span>
          {(reviewFirst ? kept : fields).map((field) => (
            <button
              key={field.field_id}
              type="button"
              onClick={() => focusField(field.field_id)}
              data-testid={`livedocs-stale-field-${field.field_id}`}
              className="rounded-full border border-amber-500/50 bg-background px-2 py-0.5 text-xs outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
            >
              {field.label}
              {!reviewFirst && isKeptByRegenerate(field) && (
                <span className="text-muted-foreground"> · {field.source}</span>
              )}
            </button>
          ))}
        </div>
      )}
      <DiffView diff={stale.diff} />
      {!readOnly && (
        <div className="flex flex-wrap items-center gap-2">
          {reviewFirst ? (
            <>
              <Button size="sm" onClick={onReview} disabled={busy} data-testid="livedocs-review">
                Mark as reviewed
              </Button>
              <span className="text-xs text-muted-foreground">
                Read the diff, correct the fields if needed and save, then mark them as reviewed.
              </span>
            </>
          ) : (
            <>
              <Button
                size="sm"
                onClick={onRegenerate}
                disabled={busy}
                data-testid="livedocs-regenerate"
              >
                Regenerate
              </Button>
              <Button
                size="sm"
                variant="outline"
                onClick={onReview}
                disabled={busy}
                data-testid="livedocs-review"
              >
                Mark as reviewed
              </Button>
              <span className="text-xs text-muted-foreground">
                Regenerate refreshes the generated fields; edited fields are kept.
              </span>
            </>
          )}
        </div>
      )}
    </section>
  );
}
