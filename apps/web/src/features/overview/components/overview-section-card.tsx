import { useState, type ReactNode } from 'react';
import type { OverviewSection } from '@codedocs/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { failureMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';

/** Props of OverviewSectionCard. */
export interface OverviewSectionCardProps {
  section: OverviewSection;
  /** Saves a person's text against the version the editor started from. */
  onSave: (doc: string, version: number) => Promise<unknown>;
  /** After a refused save: read the overview again. */
  onReload: () => void;
  /** Sanitised Markdown rendering (the route brings the live docs' preview in). */
  renderMarkdown: (markdown: string) => ReactNode;
  /** Facts drawn under the text (the dependency graph). */
  children?: ReactNode;
}

/**
 * One overview section: its text (a person's, or the one made from the facts), where it came
 * from, a stale mark when the facts changed since a person wrote it, and Edit → Save / Cancel.
 * An empty section shows "Needs a writer": nothing is known that is worth a sentence.
 */
export function OverviewSectionCard({
  section,
  onSave,
  onReload,
  renderMarkdown,
  children,
}: OverviewSectionCardProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const [startedAt, setStartedAt] = useState(section.version);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ message: string; conflict: boolean } | null>(null);
  const headingId = `overview-${section.section_id}-title`;
  const editorId = `overview-${section.section_id}-editor`;

  const handleEdit = () => {
    setDraft(section.value);
    setStartedAt(section.version);
    setError(null);
  };
  const handleSave = async () => {
    if (draft === null) return;
    setSaving(true);
    setError(null);
    try {
      await onSave(draft, startedAt);
      setDraft(null);
    } catch (failure) {
      const status = (failure as { status?: number }).status;
      setError({ message: failureMessage(failure, 'Failed to save'), conflict: status === 409 });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      data-testid={`overview-section-${section.section_id}`}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="text-base font-semibold">
          {section.title}
        </h2>
        <Badge variant={section.source === 'edited' ? 'secondary' : 'outline'}>
          {section.source === 'edited' ? 'edited' : 'from the code'}
        </Badge>
        {section.stale && (
          <Badge variant="warning" data-testid="overview-stale" title="The facts changed since">
            written for older code
          </Badge>
        )}
        {draft === null && (
          <Button
            variant="outline"
            size="sm"
            className="ml-auto"
            onClick={handleEdit}
            data-testid={`overview-edit-${section.section_id}`}
            aria-label={`Edit ${section.title}`}
          >
            Edit
          </Button>
        )}
      </div>
      {section.source === 'edited' && section.updated_at && (
        <p className="text-xs text-muted-foreground">
          Written by {section.updated_by ?? 'a former member'} on{' '}
          {formatDateTime(section.updated_at)}
        </p>
      )}
      {draft === null ? (
        section.value.trim() === '' ? (
          <p className="rounded-md border border-dashed border-border p-3 text-sm text-muted-foreground">
            Needs a writer: the code says nothing here worth a sentence yet.
          </p>
        ) : (
          <div data-testid={`overview-text-${section.section_id}`} className="min-w-0 break-words">
            {renderMarkdown(section.value)}
          </div>
        )
      ) : (
        <div className="flex flex-col gap-2">
          <label htmlFor={editorId} className="sr-only">
            {section.title} (Markdown)
          </label>
          <Textarea
            id={editorId}
            data-testid={editorId}
            value={draft}
            rows={Math.min(16, Math.max(4, draft.split('\n').length + 1))}
            onChange={(event) => setDraft(event.target.value)}
            className="font-mono text-xs"
          />
          {section.stale && section.generated !== '' && (
            <details className="text-sm">
              <summary className="cursor-pointer text-muted-foreground">
                What the code says now
              </summary>
              <div className="mt-2 rounded-md border border-border p-2">
                {renderMarkdown(section.generated)}
              </div>
            </details>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => void handleSave()}
              disabled={saving}
              data-testid={`overview-save-${section.section_id}`}
            >
              {saving ? 'Saving...' : 'Save'}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setDraft(null)} disabled={saving}>
              Cancel
            </Button>
            {section.generated !== '' && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setDraft(section.generated)}
                disabled={saving}
              >
                Use the text from the code
              </Button>
            )}
          </div>
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive" data-testid="overview-save-error">
          {error.message}{' '}
          {error.conflict && (
            <Button variant="link" size="sm" className="h-auto p-0" onClick={onReload}>
              Reload
            </Button>
          )}
        </p>
      )}
      {children}
    </section>
  );
}
