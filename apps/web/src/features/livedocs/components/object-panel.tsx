import { type ReactNode } from 'react';
import { Link } from 'react-router';
import type { LivedocsObject, LivedocsRef } from '@codedocs/contract';
import { ExternalLink, FlaskConical, FolderPlus } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { cn } from '@/lib/cn';
import { saveStatusText, type ObjectEditor } from '../hooks/use-object-editor';
import { FieldEditor } from './field-editor';
import { FieldHistory } from './field-history';
import { StaleBanner } from './stale-banner';
import { StatusBadge } from './status-badge';

/** What the panel asks of its screen. */
export interface ObjectPanelProps {
  object: LivedocsObject;
  repoId: string;
  /** An earlier commit is shown: read only, no save, regenerate or review. */
  readOnly: boolean;
  /** The template toggle: every field of the template, or only filled ones. */
  showEmpty: boolean;
  onShowEmptyChange: (value: boolean) => void;
  onRegenerate: () => void;
  onReview: () => void;
  /** Regenerate or review is under way. */
  busy: boolean;
  /** Regenerate has just run for this object: the stale banner asks for a review of the rest. */
  regenerated: boolean;
  /** Where a link to another object of the repository goes. */
  objectHref: (objectId: string) => string;
  /** Highlighted code (the screen brings the highlighter). */
  renderCode: (code: string, language: string, firstLine: number) => ReactNode;
  /** Offers "Add to pocket" for this object. */
  onAddToPocket?: () => void;
}

/**
 * One object: signature, the stale banner with the diff since its docs were written, editable
 * doc fields with one explicit Save (also Ctrl/Cmd+S, bound by the workspace), highlighted
 * code, and its calls, callers and usages.
 */
export function ObjectPanel({
  object,
  repoId,
  editor,
  readOnly,
  showEmpty,
  onShowEmptyChange,
  onRegenerate,
  onReview,
  busy,
  regenerated,
  objectHref,
  renderCode,
  onAddToPocket,
}: ObjectPanelProps & { editor: ObjectEditor }) {
  const { drafts, dirty, saveState, conflicts, setDraft, save } = editor;
  // a field generated empty stays in view: it is shown as needing a writer
  const visible = object.fields.filter(
    (field) =>
      showEmpty ||
      field.value.trim() !== '' ||
      field.source === 'generated' ||
      drafts[field.field_id] !== undefined,
  );
  const hidden = object.fields.length - visible.length;

  return (
    <article
      data-testid="livedocs-object-panel"
      aria-label={object.qualified_name}
      className="flex min-w-0 flex-col gap-4"
    >
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-mono text-lg font-semibold break-all">{object.qualified_name}</h2>
          <StatusBadge status={object.status} testId="livedocs-panel-status" />
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
          {onAddToPocket && (
            <Button
              size="sm"
              variant="outline"
              className="ml-auto"
              onClick={onAddToPocket}
              data-testid="livedocs-add-to-pocket"
            >
              <FolderPlus aria-hidden="true" />
              Add to pocket
            </Button>
          )}
        </div>
        <pre
          data-testid="livedocs-signature"
          className="overflow-x-auto rounded-md bg-muted px-3 py-2 font-mono text-xs"
        >
          {object.signature}
        </pre>
      </header>

      <StaleBanner
        object={object}
        readOnly={readOnly}
        busy={busy}
        regenerated={regenerated}
        onRegenerate={onRegenerate}
        onReview={onReview}
      />

      <section aria-label="Documentation" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h3 className="text-sm font-semibold">Documentation</h3>
          <label className="flex items-center gap-2 text-xs text-muted-foreground">
            <Switch
              checked={showEmpty}
              onCheckedChange={onShowEmptyChange}
              data-testid="livedocs-template-toggle"
            />
            Show every template field
          </label>
          {!readOnly && (
            <div className="ml-auto flex items-center gap-3">
              <span
                data-testid="livedocs-save-status"
                role="status"
                aria-live="polite"
                title={saveState.kind === 'failed' ? saveState.message : undefined}
                className={cn(
                  'text-xs',
                  saveState.kind === 'failed' ? 'text-destructive' : 'text-muted-foreground',
                )}
              >
                {saveStatusText(saveState)}
              </span>
              <Button
                size="sm"
                onClick={() => void save()}
                disabled={dirty.length === 0 || saveState.kind === 'saving'}
                data-testid="livedocs-save"
                title="Save every changed field (Ctrl+S / ⌘S)"
              >
                {dirty.length > 1 ? `Save ${dirty.length} fields` : 'Save'}
              </Button>
            </div>
          )}
        </div>
        {saveState.kind === 'failed' &&
          Object.keys(conflicts).length === 0 &&
          saveState.message !== saveStatusText(saveState) && (
            <p role="alert" className="text-xs text-destructive">
              {saveState.message}
            </p>
          )}
        {visible.length === 0 && (
          <p className="rounded-md border border-dashed border-border p-4 text-sm text-muted-foreground">
            No field is filled yet. Generate docs, or turn on “Show every template field” to write
            them.
          </p>
        )}
        {visible.map((field) => {
          const conflict = field.field_id in conflicts;
          return (
            <FieldEditor
              key={field.field_id}
              field={field}
              value={drafts[field.field_id] ?? field.value}
              dirty={dirty.includes(field.field_id)}
              readOnly={readOnly}
              onChange={(value) => setDraft(field.field_id, value)}
              onAccept={() => void editor.accept(field.field_id)}
              accepting={editor.accepting === field.field_id}
              history={
                field.version > 0 ? (
                  <FieldHistory
                    repoId={repoId}
                    objectId={object.object_id}
                    fieldId={field.field_id}
                    label={field.label}
                  />
                ) : undefined
              }
              conflict={
                conflict
                  ? {
                      theirs: conflicts[field.field_id] ?? null,
                      onTakeTheirs: () => editor.takeTheirs(field.field_id),
                      onKeepMine: () => editor.keepMine(field.field_id),
                      onLoadTheirs: () => void editor.loadTheirs(),
                    }
                  : null
              }
            />
          );
        })}
        {hidden > 0 && (
          <p className="text-xs text-muted-foreground">
            {hidden} empty template {hidden === 1 ? 'field is' : 'fields are'} hidden.
          </p>
        )}
      </section>

      <section aria-label="Code" className="flex flex-col gap-1">
        <h3 className="text-sm font-semibold">Code</h3>
        <div className="max-h-96 overflow-auto rounded-md border border-border">
          {renderCode(object.code, object.language, object.line_start)}
        </div>
      </section>

      <section className="grid gap-4 md:grid-cols-2">
        <RefList title="Calls" refs={object.calls} href={objectHref} testId="livedocs-calls" />
        <RefList
          title="Called by"
          refs={object.called_by}
          href={objectHref}
          testId="livedocs-called-by"
        />
      </section>
      <Usages usages={object.usages} />
    </article>
  );
}

function RefList({
  title,
  refs,
  href,
  testId,
}: {
  title: string;
  refs: LivedocsRef[];
  href: (objectId: string) => string;
  testId: string;
}) {
  return (
    <section data-testid={testId} aria-label={title}>
      <h3 className="mb-1 text-sm font-medium">
        {title} <span className="text-muted-foreground">({refs.length})</span>
      </h3>
      {refs.length === 0 ? (
        <p className="text-xs text-muted-foreground">None in this repository.</p>
      ) : (
        <ul className="flex flex-col gap-0.5 text-xs">
          {refs.map((ref, index) => (
            <li key={index} className="flex min-w-0 items-baseline gap-2">
              {ref.object_id ? (
                <Link
                  to={href(ref.object_id)}
                  className="shrink-0 font-mono text-primary underline-offset-2 hover:underline"
                >
                  {ref.qualified_name ?? ref.name}
                </Link>
              ) : (
                <span className="shrink-0 font-mono" title="Not defined in this repository">
                  {ref.name}
                </span>
              )}
              <span className="truncate text-muted-foreground" title={ref.snippet}>
                {ref.file_path ? `${ref.file_path}:${ref.line}` : `line ${ref.line}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Usages({ usages }: { usages: LivedocsObject['usages'] }) {
  return (
    <section data-testid="livedocs-usages" aria-label="Usages">
      <h3 className="mb-1 text-sm font-medium">
        Usages <span className="text-muted-foreground">({usages.length})</span>
      </h3>
      {usages.length === 0 ? (
        <p className="text-xs text-muted-foreground">Not used elsewhere in this repository.</p>
      ) : (
        <ul className="flex flex-col gap-1.5 text-xs">
          {usages.map((usage, index) => (
            <li key={index} className="flex min-w-0 flex-col gap-0.5">
              <span className="flex items-center gap-2 text-muted-foreground">
                {usage.file_path}:{usage.line}
                {usage.is_test && (
                  <Badge variant="secondary">
                    <FlaskConical aria-hidden="true" /> test
                  </Badge>
                )}
              </span>
              <code className="truncate rounded bg-muted px-1 py-0.5 font-mono">
                {usage.snippet}
              </code>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
