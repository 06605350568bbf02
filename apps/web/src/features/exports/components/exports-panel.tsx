import { ExportForm, type ExportFormKind, type ExportSources } from './export-form';
import { ExportHistory } from './export-history';

/** A Markdown, JSON or patch export: the form, then the history of that kind. */
export function ExportsPanel({ kind, sources }: { kind: ExportFormKind; sources: ExportSources }) {
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ExportForm key={kind} kind={kind} sources={sources} />
      <ExportHistory kind={kind} />
    </div>
  );
}
