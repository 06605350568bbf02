import { useState } from 'react';
import type { LivedocsField } from '@codedocs/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { MarkdownPreview } from './markdown-preview';

/** One doc field: markdown in a textarea, with a sanitised preview and its provenance. */
export function FieldEditor({
  field,
  value,
  dirty,
  conflict,
  onChange,
  onReload,
}: {
  field: LivedocsField;
  value: string;
  dirty: boolean;
  conflict: boolean;
  onChange: (value: string) => void;
  onReload: () => void;
}) {
  const [preview, setPreview] = useState(false);
  const id = `livedocs-field-${field.field_id}`;
  return (
    <div className="flex flex-col gap-1.5" data-field-id={field.field_id}>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {field.label}
        </label>
        {field.source && (
          <Badge variant={field.source === 'edited' ? 'secondary' : 'outline'}>
            {field.source}
          </Badge>
        )}
        {field.stale && (
          <Badge variant="warning" title="Written against earlier code">
            written for older code
          </Badge>
        )}
        {dirty && <span className="text-xs text-muted-foreground">unsaved</span>}
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="ml-auto h-6 px-2 text-xs"
          aria-pressed={preview}
          onClick={() => setPreview((p) => !p)}
          data-testid={`livedocs-preview-toggle-${field.field_id}`}
        >
          {preview ? 'Write' : 'Preview'}
        </Button>
      </div>
      {preview ? (
        <MarkdownPreview
          markdown={value}
          className="min-h-16 rounded-md border border-border p-2"
          data-testid={`livedocs-preview-${field.field_id}`}
        />
      ) : (
        <Textarea
          id={id}
          data-testid={id}
          value={value}
          rows={Math.min(12, Math.max(2, value.split('\n').length + 1))}
          onChange={(event) => onChange(event.target.value)}
          className={cn('font-mono text-xs', dirty && 'border-primary/60')}
        />
      )}
      {conflict && (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-xs text-destructive">
          Someone else saved this field since you opened it. Your text is still here; copy what you
          need, then
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="h-6 px-2 text-xs"
            onClick={onReload}
          >
            load their version
          </Button>
        </p>
      )}
    </div>
  );
}
