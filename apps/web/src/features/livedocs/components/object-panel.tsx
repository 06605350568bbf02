import { useEffect, type ReactNode } from 'react';
import type { LivedocsObject, LivedocsRef } from '@codedocs/contract';
import { AlertTriangle, ExternalLink } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { saveStatusText, type ObjectEditor } from '../hooks/use-object-editor';
import { DiffView } from './diff-view';
import { FieldEditor } from './field-editor';
import { StatusBadge } from './status-badge';

/** What the panel asks of its screen. */
export interface ObjectPanelProps {
  object: LivedocsObject;
  editor: ObjectEditor;
  /** The template toggle: every field of the template, or only filled ones. */
  showEmpty: boolean;
  onShowEmptyChange: (value: boolean) => void;
  onRegenerate: () => void;
  onReview: () => void;
  onReloadField: (fieldId: string) => void;
  onOpenRef: (objectId: string) => void;
  busy: boolean;
  /** Highlighted code (the screen brings the highlighter). */
  renderCode: (code: string, language: string) => ReactNode;
}

function RefList({
  title,
  refs,
  onOpen,
  testId,
}: {
  title: string;
  refs: LivedocsRef[];
  onOpen: (objectId: string) => void;
  testId: string;
}) {
  return (
    <div data-testid={testId}>
      <h3 className="mb-1 text-sm font-medium">
        {title} <span className="text-muted-foreground">({refs.length})</span>
      </h3>
      {refs.length === 0 ? (
        <p className="text-xs text-muted-foreground">None in this repository.</p>
      ) : (
        <ul className="flex flex-col gap-0.5 text-xs">
          {refs.map((ref, index) => (
            <li key={index} className="flex items-baseline gap-2">
              {ref.object_id ? (
                <button
                  type="button"
                  className="font-mono text-primary underline-offset-2 hover:underline"
                  onClick={() => onOpen(ref.object_id!)}
                >
                  {ref.qualified_name ?? ref.name}
                </button>
              ) : (
                <span className="font-mono" title="Not defined in this repository">
                  {ref.name}
                </span>
              )}
              <span className="truncate text-muted-foreground">
                {ref.file_path ? `${ref.file_path}:${ref.line}` : `line ${ref.line}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * One object: signature, highlighted code, editable doc fields with an explicit Save (and
 * Ctrl/Cmd+S), the stale banner with the diff since the docs were written, and its calls,
 * callers and usages.
 */
export function ObjectPanel({
  object,
  editor,
  showEmpty,
  onShowEmptyChange,
  onRegenerate,
  onReview,
  onReloadField,
  onOpenRef,
  busy,
  renderCode,
}: ObjectPanelProps) {
  const { fields, drafts, dirty, saveState, setDraft, save } = editor;

  useEffect(() => {
    const handleKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [save]);

  const conflicts = saveState.kind === 'failed' ? saveState.conflicts : [];
  const visible = fields.filter(
    (field) => showEmpty || (drafts[field.field_id] ?? field.value).trim() !== '',
  );
  const statusText = saveStatusText(saveState);

  return (
    <article data-testid="livedocs-object-panel" className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-mono text-lg font-semibold break-all">{object.qualified_name}</h2>
          <StatusBadge status={object.status} />
          <span className="text-xs text-muted-foreground">
            {object.kind} · {object.file_path}:{object.line_start}–{object.line_end}
          </span>
          {object.object_url && (
            <a
              href={object.object_url}
              target="_blank"
              rel="noreferrer noopener"
              className="inline-flex items-center gap-1 text-xs text-primary hover:underline"
            >
              Open on host <ExternalLink aria-hidden="true" className="size-3" />
            </a>
          )}
        </div>
        <pre
          data-testid="livedocs-signature"
          className="overflow-x-auto rounded-md bg-muted px-3 py-2 font-mono text-xs"
        >
          {object.signature}
        </pre>
      </header>

      {object.stale && (
        <section
          data-testid="livedocs-stale-banner"
          className="flex flex-col gap-2 rounded-md border border-amber-500/50 bg-amber-500/10 p-3"
        >
          <p className="flex items-center gap-2 text-sm font-medium">
            <AlertTriangle aria-hidden="true" className="size-4 text-amber-600" />
            The code changed since these docs were written
            {object.stale.written_at_commit && (
              <span className="font-mono text-xs text-muted-foreground">
                (at {object.stale.written_at_commit.slice(0, 10)})
              </span>
            )}
          </p>
          <DiffView diff={object.stale.diff} />
          <div className="flex flex-wrap gap-2">
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
            <span className="self-center text-xs text-muted-foreground">
              Regenerate refreshes generated fields; your edits are kept.
            </span>
          </div>
        </section>
      )}

      <section aria-label="Documentation" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h3 className="text-sm font-semibold">Documentation</h3>
          <label className="flex items-center gap-2 text-xs text-muted-foreground">
            <Switch
              checked={showEmpty}
              onCheckedChange={onShowEmptyChange}
              data-testid="livedocs-template-toggle"
              aria-label="Show every field of the template"
            />
            Show empty fields
          </label>
          <div className="ml-auto flex items-center gap-3">
            <span
              data-testid="livedocs-save-status"
              aria-live="polite"
              className="text-xs text-muted-foreground"
            >
              {statusText}
            </span>
            <Button
              size="sm"
              onClick={() => void save()}
              disabled={dirty.length === 0 || saveState.kind === 'saving'}
              data-testid="livedocs-save"
              title="Save (Ctrl+S)"
            >
              Save{dirty.length > 1 ? ` ${dirty.length} fields` : ''}
            </Button>
          </div>
        </div>
        {visible.length === 0 && (
          <p className="text-sm text-muted-foreground">
            No field is filled yet. Generate docs, or show empty fields to write them.
          </p>
        )}
        {visible.map((field) => (
          <FieldEditor
            key={field.field_id}
            field={field}
            value={drafts[field.field_id] ?? field.value}
            dirty={dirty.includes(field.field_id)}
            conflict={conflicts.includes(field.field_id)}
            onChange={(value) => setDraft(field.field_id, value)}
            onReload={() => onReloadField(field.field_id)}
          />
        ))}
      </section>

      <section aria-label="Code" className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold">Code</h3>
        <div className="max-h-96 overflow-auto rounded-md border border-border">
          {renderCode(object.code, object.language)}
        </div>
      </section>

      <section className="grid gap-4 md:grid-cols-2">
        <RefList title="Calls" refs={object.calls} onOpen={onOpenRef} testId="livedocs-calls" />
        <RefList
          title="Called by"
          refs={object.called_by}
          onOpen={onOpenRef}
          testId="livedocs-called-by"
        />
      </section>
      <section data-testid="livedocs-usages">
        <h3 className="mb-1 text-sm font-medium">
          Usages <span className="text-muted-foreground">({object.usages.length})</span>
        </h3>
        {object.usages.length === 0 ? (
          <p className="text-xs text-muted-foreground">Not used elsewhere in this repository.</p>
        ) : (
          <ul className="flex flex-col gap-1 text-xs">
            {object.usages.map((usage, index) => (
              <li key={index} className="flex flex-col">
                <span className="text-muted-foreground">
                  {usage.file_path}:{usage.line} {usage.is_test && '· test'}
                </span>
                <code className="truncate rounded bg-muted px-1 font-mono">{usage.snippet}</code>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
