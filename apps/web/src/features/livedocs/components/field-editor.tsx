import { useState, type ReactNode } from 'react';
import type { LivedocsField } from '@codedocs/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { MarkdownPreview } from './markdown-preview';
import { NEEDS_A_WRITER, needsWriter } from './needs-writer';

/** How each source of a field's text reads in its badge. */
const SOURCE_LABEL: Record<NonNullable<LivedocsField['source']>, string> = {
  author: 'from the doc comment',
  edited: 'edited',
  generated: 'generated',
  model: 'written by the model',
  empty: 'empty',
  imported: 'from the doc comment',
};

const SOURCE_TITLE: Record<NonNullable<LivedocsField['source']>, string> = {
  author: 'The author wrote this in the code’s own doc comment',
  edited: 'A person wrote or saved this text',
  generated: 'Derived from facts of the code; accept it once you have checked it',
  model: 'A language model wrote this from facts of the code; accept it once you have checked it',
  empty: 'Nothing to say yet',
  imported: 'The author wrote this in the code’s own doc comment',
};

/** What the editor knows of a refused save: the version now on the server (null: not loaded). */
export interface FieldConflict {
  theirs: LivedocsField | null;
  onTakeTheirs: () => void;
  onKeepMine: () => void;
  onLoadTheirs: () => void;
}

/**
 * One doc field: markdown in a textarea with a Write/Preview switch (the preview is sanitised),
 * where its text came from, and, after a refused save, both versions side by side.
 */
export function FieldEditor({
  field,
  value,
  dirty,
  readOnly,
  conflict,
  history,
  onChange,
  onAccept,
  accepting = false,
}: {
  field: LivedocsField;
  value: string;
  dirty: boolean;
  readOnly: boolean;
  conflict: FieldConflict | null;
  /** The field's history control (a button that opens the saved versions). */
  history?: ReactNode;
  onChange: (value: string) => void;
  /** Accepts the generated text as it is (offered for unaccepted generated text only). */
  onAccept?: () => void;
  accepting?: boolean;
}) {
  const acceptable =
    onAccept !== undefined &&
    !readOnly &&
    !dirty &&
    (field.source === 'generated' || field.source === 'model') &&
    field.value.trim() !== '' &&
    !field.accepted_at &&
    !field.stale;
  const [preview, setPreview] = useState(false);
  const id = `livedocs-field-${field.field_id}`;
  return (
    <div className="flex flex-col gap-1.5" data-field-id={field.field_id}>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {field.label}
        </label>
        {needsWriter(field, value) ? (
          <Badge
            variant="warning"
            title="The code gave no fact for this field: nothing was generated"
            data-testid={`livedocs-needs-writer-${field.field_id}`}
          >
            {NEEDS_A_WRITER}
          </Badge>
        ) : (
          field.source && (
            <Badge
              variant={field.source === 'edited' ? 'secondary' : 'outline'}
              title={SOURCE_TITLE[field.source]}
              data-testid={`livedocs-field-source-${field.field_id}`}
            >
              {field.accepted_at ? 'generated · accepted' : SOURCE_LABEL[field.source]}
            </Badge>
          )
        )}
        {acceptable && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            className="h-6 px-2 text-xs"
            onClick={onAccept}
            disabled={accepting}
            title="The text is right as it is: count it as documentation a person stands behind"
            data-testid={`livedocs-accept-${field.field_id}`}
          >
            {accepting ? 'Accepting…' : 'Accept'}
          </Button>
        )}
        {field.stale && (
          <Badge variant="warning" title="Written against earlier code">
            written for older code
          </Badge>
        )}
        {dirty && (
          <span className="text-xs text-amber-700 dark:text-amber-400" data-testid="unsaved-mark">
            unsaved
          </span>
        )}
        <div className="ml-auto flex items-center gap-1">
          {history}
          <div
            role="group"
            aria-label={`${field.label}: write or preview`}
            className="flex rounded-md border border-border p-0.5"
          >
            {(['Write', 'Preview'] as const).map((mode) => {
              const active = (mode === 'Preview') === preview;
              return (
                <button
                  key={mode}
                  type="button"
                  aria-pressed={active}
                  onClick={() => setPreview(mode === 'Preview')}
                  data-testid={`livedocs-${mode.toLowerCase()}-toggle-${field.field_id}`}
                  className={cn(
                    'rounded px-2 py-0.5 text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    active
                      ? 'bg-secondary text-secondary-foreground'
                      : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  {mode}
                </button>
              );
            })}
          </div>
        </div>
      </div>
      {preview ? (
        value.trim() === '' ? (
          <p className="min-h-16 rounded-md border border-dashed border-border p-2 text-sm text-muted-foreground">
            Nothing to preview.
          </p>
        ) : (
          <MarkdownPreview
            markdown={value}
            className="min-h-16 rounded-md border border-border p-2"
            data-testid={`livedocs-preview-${field.field_id}`}
          />
        )
      ) : (
        <Textarea
          id={id}
          data-testid={id}
          value={value}
          readOnly={readOnly}
          placeholder={readOnly ? '' : `Write the ${field.label.toLowerCase()} in Markdown`}
          rows={Math.min(12, Math.max(2, value.split('\n').length + 1))}
          onChange={(event) => onChange(event.target.value)}
          className={cn('font-mono text-xs', dirty && 'border-amber-500/70')}
        />
      )}
      {conflict && <ConflictNotice field={field} conflict={conflict} />}
    </div>
  );
}

function ConflictNotice({ field, conflict }: { field: LivedocsField; conflict: FieldConflict }) {
  const { theirs } = conflict;
  return (
    <div
      role="alert"
      data-testid={`livedocs-conflict-${field.field_id}`}
      className="flex flex-col gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-2 text-xs"
    >
      <p className="font-medium text-destructive">
        Someone else saved this field since you opened it, so your text was not saved. Your text is
        still in the editor above.
      </p>
      {theirs ? (
        <>
          <p className="text-muted-foreground">
            Their version
            {theirs.updated_by ? ` by ${theirs.updated_by}` : ''}
            {theirs.updated_at ? `, ${new Date(theirs.updated_at).toLocaleString()}` : ''}:
          </p>
          <pre className="max-h-40 overflow-auto rounded border border-border bg-background p-2 font-mono whitespace-pre-wrap">
            {theirs.value || '(empty)'}
          </pre>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={conflict.onKeepMine}
              data-testid={`livedocs-keep-mine-${field.field_id}`}
            >
              Keep my text
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={conflict.onTakeTheirs}
              data-testid={`livedocs-take-theirs-${field.field_id}`}
            >
              Reload their version
            </Button>
          </div>
        </>
      ) : (
        <div>
          <Button type="button" size="sm" variant="outline" onClick={conflict.onLoadTheirs}>
            Load their version
          </Button>
        </div>
      )}
    </div>
  );
}
