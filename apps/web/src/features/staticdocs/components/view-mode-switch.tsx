import { useRef, type KeyboardEvent } from 'react';
import { FolderOpen, Users } from 'lucide-react';
import { cn } from '@/lib/cn';
import { rovingIndex } from '@/lib/roving-index';
import { STATIC_DOCS_VIEW_MODES, type StaticDocsViewMode } from '../store/staticdocs-slice';

const LABELS: Record<StaticDocsViewMode, string> = {
  selfCreatedFolder: 'Created by me',
  sharedFolder: 'Shared with me',
};
const ICONS = { selfCreatedFolder: FolderOpen, sharedFolder: Users } as const;

/** The id of the tab of a view mode (its panel is labelled by it). */
export const viewModeTabId = (mode: StaticDocsViewMode) => `staticdocs-tab-${mode}`;
/** The id of the panel the switch controls. */
export const VIEW_MODE_PANEL_ID = 'staticdocs-folders-panel';

/**
 * The static docs view mode switch (spec section 4): self-created folders first, then folders
 * shared with the user. Tabs in the ARIA sense: arrow keys, Home and End move and choose.
 */
export function ViewModeSwitch({
  value,
  onChange,
}: {
  value: StaticDocsViewMode;
  onChange: (mode: StaticDocsViewMode) => void;
}) {
  const tabs = useRef<Partial<Record<StaticDocsViewMode, HTMLButtonElement | null>>>({});
  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const next = rovingIndex(
      event.key,
      STATIC_DOCS_VIEW_MODES.indexOf(value),
      STATIC_DOCS_VIEW_MODES.length,
      { vertical: true },
    );
    if (next === null) return;
    event.preventDefault();
    const mode = STATIC_DOCS_VIEW_MODES[next]!;
    onChange(mode);
    tabs.current[mode]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label="Static docs view mode"
      data-testid="staticdocs-view-mode"
      data-view-mode={value}
      className="inline-flex w-full max-w-md rounded-lg border border-border bg-muted p-1 sm:w-fit"
    >
      {STATIC_DOCS_VIEW_MODES.map((mode) => {
        const Icon = ICONS[mode];
        const selected = mode === value;
        return (
          <button
            key={mode}
            ref={(element) => {
              tabs.current[mode] = element;
            }}
            type="button"
            role="tab"
            id={viewModeTabId(mode)}
            aria-selected={selected}
            aria-controls={VIEW_MODE_PANEL_ID}
            tabIndex={selected ? 0 : -1}
            data-testid={`staticdocs-view-${mode}`}
            onClick={() => onChange(mode)}
            onKeyDown={handleKeyDown}
            className={cn(
              'inline-flex flex-1 items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-ring',
              selected
                ? 'bg-background text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <Icon aria-hidden="true" className="size-4" />
            {LABELS[mode]}
          </button>
        );
      })}
    </div>
  );
}
