// What `npm run bench:repos` holds the server's answers to: git's own listing of the same commit.
// A benchmark of wrong answers measures nothing, so any difference fails the run.

/** One file as the files page carries it (the fields the benchmark checks). */
export interface BenchFile {
  file_id: string;
  file_path: string;
  size: number;
}

/** `GET /api/v3/repo/files/{repo_id}` as the benchmark reads it. */
export interface FilesPage {
  files: BenchFile[];
  pagination_token: string | null;
  commit_id: string;
  total: number;
  extensions: { extension: string; count: number }[];
}

/** The part of the file name after its last dot, '' without one (spec section 3). */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1);
}

/** `git ls-tree -r -l -z` output → path → size (blobs only). */
export function parseLsTree(output: string): Map<string, number> {
  const files = new Map<string, number>();
  for (const record of output.split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [, type, , size] = record.slice(0, tab).split(/\s+/);
    if (type === 'blob') files.set(record.slice(tab + 1), Number(size));
  }
  return files;
}

/** The first page's extension counts must be git's: every extension, each with its count. */
export function checkExtensions(page: FilesPage, expected: Map<string, number>): void {
  const counts = new Map<string, number>();
  for (const path of expected.keys()) {
    counts.set(extensionOf(path), (counts.get(extensionOf(path)) ?? 0) + 1);
  }
  const wrong = [...counts].filter(
    ([extension, n]) => page.extensions.find((e) => e.extension === extension)?.count !== n,
  );
  if (wrong.length > 0 || page.extensions.length !== counts.size) {
    throw new Error(
      `extension counts ${JSON.stringify(page.extensions)} differ from git's ${JSON.stringify([...counts])}`,
    );
  }
}

/**
 * Every file paged through must be git's, once, in path byte order (the order `git ls-tree`
 * uses; paths here are ASCII, so string order is byte order), with git's size and a distinct id.
 */
export function checkPagedFiles(files: BenchFile[], expected: Map<string, number>): void {
  const seen = new Set<string>();
  const ids = new Set<string>();
  const problems: string[] = [];
  files.forEach((file, index) => {
    if (seen.has(file.file_path)) problems.push(`${file.file_path} more than once`);
    seen.add(file.file_path);
    ids.add(file.file_id);
    const size = expected.get(file.file_path);
    if (size !== file.size) {
      problems.push(`${file.file_path}: size ${file.size}, git says ${size ?? 'no such file'}`);
    }
    const previous = files[index - 1];
    if (previous && previous.file_path >= file.file_path) {
      problems.push(`${file.file_path} comes after ${previous.file_path}`);
    }
  });
  const missing = [...expected.keys()].filter((path) => !seen.has(path));
  if (missing.length > 0) {
    problems.push(`${missing.length} missing, e.g. ${missing.slice(0, 3).join(', ')}`);
  }
  if (ids.size !== files.length) problems.push(`${ids.size} distinct file_id values`);
  if (problems.length > 0) {
    throw new Error(
      `paging through returned ${files.length} files for git's ${expected.size}: ${problems.slice(0, 5).join('; ')}${problems.length > 5 ? ` (${problems.length} problems)` : ''}`,
    );
  }
}
