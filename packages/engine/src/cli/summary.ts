import type { FileIndex, Reference, RepositoryIndex } from '../model.ts';

/** Counts per language (files, objects, error diagnostics) and of references, added as they come. */
export class IndexSummary {
  private readonly rows = new Map<string, { files: number; objects: number; errors: number }>();
  private references = 0;
  private resolved = 0;

  addFile(file: FileIndex): void {
    const key = file.language ?? `(${file.status})`;
    const row = this.rows.get(key) ?? { files: 0, objects: 0, errors: 0 };
    row.files++;
    row.objects += file.objects.length;
    row.errors += file.diagnostics.filter((d) => d.severity === 'error').length;
    this.rows.set(key, row);
  }

  addReferences(references: readonly Reference[]): void {
    this.references += references.length;
    this.resolved += references.filter((r) => r.toId || r.toFile).length;
  }

  /** A fixed-width table, one row per language, then the reference counts. */
  toString(): string {
    const lines = ['language            files   objects  diagnostics'];
    for (const [lang, r] of [...this.rows].sort()) {
      lines.push(
        `${lang.padEnd(18)} ${String(r.files).padStart(6)} ${String(r.objects).padStart(9)} ${String(r.errors).padStart(12)}`,
      );
    }
    lines.push(
      `references: ${this.references} (${this.resolved} resolved, ${this.references - this.resolved} external)`,
    );
    return lines.join('\n');
  }
}

/** The summary of a whole index held in memory. */
export function summarize(index: RepositoryIndex): string {
  const summary = new IndexSummary();
  for (const file of index.files) summary.addFile(file);
  summary.addReferences(index.references);
  return summary.toString();
}
