import { cn } from '@/lib/cn';

/**
 * A unified diff with added and removed lines coloured (file headers dimmed). Long lines wrap
 * rather than widen the panel, so the diff fits a phone.
 */
export function DiffView({ diff }: { diff: string }) {
  const lines = diff
    .split('\n')
    .filter((line) => !line.startsWith('===') && line !== '\\ No newline at end of file');
  return (
    <pre
      data-testid="livedocs-diff"
      className="max-h-80 min-w-0 overflow-auto rounded-md border border-border bg-muted/40 p-2 font-mono text-xs leading-5"
    >
      {lines.map((line, index) => (
        <div
          key={index}
          className={cn(
            'whitespace-pre-wrap [overflow-wrap:anywhere]',
            line.startsWith('+') &&
              !line.startsWith('+++') &&
              'bg-emerald-500/15 text-emerald-800 dark:text-emerald-300',
            line.startsWith('-') &&
              !line.startsWith('---') &&
              'bg-red-500/15 text-red-800 dark:text-red-300',
            (line.startsWith('@@') || line.startsWith('+++') || line.startsWith('---')) &&
              'text-muted-foreground',
          )}
        >
          {line || ' '}
        </div>
      ))}
    </pre>
  );
}
