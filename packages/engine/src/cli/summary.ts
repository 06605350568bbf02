import type { RepositoryIndex } from '../model.ts';

/** Counts per language: files, objects, diagnostics, in a fixed-width table. */
export function summarize(index: RepositoryIndex): string {
  const rows = new Map<string, { files: number; objects: number; errors: number }>();
  for (const file of index.files) {
    const key = file.language ?? `(${file.status})`;
    const row = rows.get(key) ?? { files: 0, objects: 0, errors: 0 };
    row.files++;
    row.objects += file.objects.length;
    row.errors += file.diagnostics.filter((d) => d.severity === 'error').length;
    rows.set(key, row);
  }
  const lines = ['language            files   objects  diagnostics'];
  for (const [lang, r] of [...rows].sort()) {
    lines.push(
      `${lang.padEnd(18)} ${String(r.files).padStart(6)} ${String(r.objects).padStart(9)} ${String(r.errors).padStart(12)}`,
    );
  }
  const resolved = index.references.filter((r) => r.toId || r.toFile).length;
  lines.push(
    `references: ${index.references.length} (${resolved} resolved, ${index.references.length - resolved} external)`,
  );
  return lines.join('\n');
}
