import { useRef, type KeyboardEvent } from 'react';
import { Braces, FileCode2, FileText, Globe } from 'lucide-react';
import { cn } from '@/lib/cn';
import { rovingIndex } from '@/lib/roving-index';

/** What the export screen makes: a static site, or one of the other formats (issue 22). */
export const EXPORT_FORMATS = ['site', 'markdown', 'json', 'patch'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

const LABELS: Record<ExportFormat, string> = {
  site: 'Site',
  markdown: 'Markdown',
  json: 'JSON',
  patch: 'Patch',
};
const ICONS = { site: Globe, markdown: FileText, json: Braces, patch: FileCode2 } as const;

/** The id of the area the switch controls. */
export const EXPORT_FORMAT_PANEL_ID = 'export-format-panel';

/**
 * Site, Markdown, JSON and Patch as a group of toggle buttons (the site's own view mode below
 * is the screen's tab list): Tab reaches the chosen one, arrow keys, Home and End move and choose.
 */
export function ExportFormatSwitch({
  value,
  onChange,
}: {
  value: ExportFormat;
  onChange: (format: ExportFormat) => void;
}) {
  const tabs = useRef<Partial<Record<ExportFormat, HTMLButtonElement | null>>>({});
  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = rovingIndex(event.key, EXPORT_FORMATS.indexOf(value), EXPORT_FORMATS.length);
    if (next === null) return;
    event.preventDefault();
    const format = EXPORT_FORMATS[next]!;
    onChange(format);
    tabs.current[format]?.focus();
  };
  return (
    <div
      role="group"
      aria-label="Export format"
      className="flex w-full flex-wrap gap-1 rounded-md bg-muted p-1 sm:w-fit"
    >
      {EXPORT_FORMATS.map((format) => {
        const Icon = ICONS[format];
        const selected = format === value;
        return (
          <button
            key={format}
            ref={(node) => {
              tabs.current[format] = node;
            }}
            type="button"
            aria-pressed={selected}
            aria-controls={EXPORT_FORMAT_PANEL_ID}
            tabIndex={selected ? 0 : -1}
            data-testid={`export-format-${format}`}
            onClick={() => onChange(format)}
            onKeyDown={handleKeyDown}
            className={cn(
              'inline-flex flex-1 items-center justify-center gap-1.5 rounded-sm px-3 py-1.5 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none sm:flex-none',
              selected
                ? 'bg-background text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
            {LABELS[format]}
          </button>
        );
      })}
    </div>
  );
}
