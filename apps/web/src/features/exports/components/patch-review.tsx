import { PatchDiff } from './patch-diff';
import type { PatchFile } from './patch-files';

/**
 * The files of a patch, each with what it changes (lines added and removed) and a box to keep
 * it in the download, then the diff of the files kept.
 */
export function PatchReview({
  files,
  dropped,
  onToggle,
}: {
  files: readonly PatchFile[];
  dropped: ReadonlySet<number>;
  onToggle: (index: number) => void;
}) {
  const kept = files.filter((_, i) => !dropped.has(i));
  return (
    <div className="space-y-2">
      <ul className="space-y-1 text-sm" data-testid="patch-files" aria-label="Files in the patch">
        {files.map((file, i) => (
          <li key={`${i}:${file.path}`} className="flex items-center gap-2">
            <input
              type="checkbox"
              id={`patch-file-${i}`}
              checked={!dropped.has(i)}
              onChange={() => onToggle(i)}
              data-testid="patch-file-keep"
            />
            <label htmlFor={`patch-file-${i}`} className="font-mono text-xs break-all">
              {/* a path may hold a newline or a tab (git allows them): shown escaped */}
              {JSON.stringify(file.path).slice(1, -1)}
            </label>
            <span className="text-xs text-muted-foreground">
              <span className="text-emerald-700 dark:text-emerald-300">+{file.added}</span>{' '}
              <span className="text-red-700 dark:text-red-300">−{file.removed}</span> lines
            </span>
          </li>
        ))}
      </ul>
      {kept.length > 0 ? (
        <PatchDiff patch={kept.map((f) => f.text).join('')} />
      ) : (
        <p className="text-sm text-muted-foreground" data-testid="patch-none-kept">
          No file is kept: tick a file to put it back in the patch.
        </p>
      )}
    </div>
  );
}
