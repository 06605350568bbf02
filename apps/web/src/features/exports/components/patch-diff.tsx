import { cn } from '@/lib/cn';

/** How a line of a unified diff is shown. */
function lineClass(line: string): string {
  if (line.startsWith('diff --git') || line.startsWith('+++') || line.startsWith('---'))
    return 'font-semibold text-foreground';
  if (line.startsWith('@@')) return 'text-sky-700 dark:text-sky-300';
  if (line.startsWith('+')) return 'bg-emerald-500/15 text-emerald-900 dark:text-emerald-200';
  if (line.startsWith('-')) return 'bg-red-500/15 text-red-900 dark:text-red-200';
  return 'text-muted-foreground';
}

/** A unified diff as text lines, added and removed lines marked (plain text, never HTML). */
export function PatchDiff({ patch }: { patch: string }) {
  const lines = patch.replace(/\n$/, '').split('\n');
  return (
    <pre
      data-testid="patch-diff"
      tabIndex={0}
      aria-label="Patch"
      className="max-h-[60vh] overflow-auto rounded-md border bg-muted/40 p-2 font-mono text-xs leading-5"
    >
      {lines.map((line, i) => (
        <div key={i} className={cn('px-1 whitespace-pre', lineClass(line))}>
          {line.replace(/\r$/, '') || ' '}
        </div>
      ))}
    </pre>
  );
}
