import type { WritebackFields } from '@codedocs/contract';
import {
  detectDocstringStyle,
  isWritableField,
  unifiedPatch,
  writeDocsChecked,
  type FileChange,
  type FileIndex,
  type ObjectDocEdit,
} from '@codedocs/engine';
import { readBlobs } from '../../git/index';
import { listCompilationObjectRows } from '../../repositories/compilations-repository';
import { findRepoIndex } from '../../repositories/code-index-repository';
import type { Doc } from '@codedocs/db';
import { listDocsOfObjects } from '../../repositories/docs-repository';
import { findRepoWithCounts } from '../../repositories/repos-repository';
import type { ServiceContext } from '../context';
import { fileModels, filesWithObjects } from '../livedocs/commit-model';
import { SOURCE_READ_MAX_BYTES } from '../livedocs/source-reader';
import { mirrorOf } from '../repos/mirror';
import { localGit } from '../repos/repo-git';

/** What a patch is made of: one repository, and the objects or files in it. */
export interface PatchScope {
  repoId: string;
  compilationId: string | null;
  paths: readonly string[] | null;
  fields: WritebackFields;
}

/** A patch and what it wrote and left out. */
export interface PatchResult {
  patch: string;
  repo: { repo_id: string; repo_name: string; commit_id: string };
  files: number;
  written: number;
  skipped: { path: string; name: string; reason: string }[];
}

/** Why a patch cannot be made now, in words the task shows. */
export class PatchScopeError extends Error {}

// generated statements that something does not apply, and made-up parameter words: never code
const FILLER = /^(Not applicable\b|Nothing: |The \S+ value\.$)/;

/**
 * How a field goes into the code under the chosen `fields`: `edit`, a person's words, written
 * over what the comment says; `add`, accepted generated text, written only where the comment
 * says nothing (the writer checks); undefined, not at all. The author's own text (`author`,
 * legacy `imported`) is in the code already, and an empty field is never written.
 */
function useOf(doc: Doc, fields: WritebackFields): 'edit' | 'add' | undefined {
  if (!isWritableField(doc.field_id) || doc.value.trim() === '') return undefined;
  const source: string = doc.source;
  if (source === 'edited') return 'edit';
  if (fields !== 'accepted' || (source !== 'generated' && source !== 'model')) return undefined;
  // never an example the generator made up, never filler
  if (doc.field_id === 'example' || FILLER.test(doc.value.trim())) return undefined;
  return 'add';
}

/** The exact text of each blob (BOM kept, so context lines match); invalid UTF-8 is absent. */
async function exactTexts(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  repoId: string,
  blobShas: readonly string[],
): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  for await (const blob of readBlobs(await mirrorOf(ctx, repoId), [...new Set(blobShas)], {
    ...localGit(ctx.config),
    maxBytes: SOURCE_READ_MAX_BYTES,
  })) {
    if (blob.skipped) continue;
    try {
      texts.set(blob.blobSha, decoder.decode(blob.content));
    } catch {
      // not UTF-8: left out, said so by the caller
    }
  }
  return texts;
}

/**
 * A unified diff against the repository's current commit that writes the chosen doc fields of
 * the objects in scope into the code as native doc comments (`@codedocs/engine` writeback). The
 * Python docstring style is the repository's own, read from the docstrings it has.
 */
export async function buildPatch(
  ctx: Pick<ServiceContext, 'db' | 'config'>,
  userId: string,
  scope: PatchScope,
): Promise<PatchResult> {
  const repo = await findRepoWithCounts(ctx.db, scope.repoId, userId);
  if (!repo) throw new PatchScopeError('The repository of this export no longer exists');
  const commitId = repo.head_commit;
  if (!commitId || !(await findRepoIndex(ctx.db, repo.id, commitId))) {
    throw new PatchScopeError(
      `${repo.name} is still being indexed at its current commit; export the patch when it is done`,
    );
  }
  let wanted: Set<string> | null = null;
  let paths: Set<string> | null = scope.paths ? new Set(scope.paths) : null;
  if (scope.compilationId) {
    const rows = (await listCompilationObjectRows(ctx.db, userId, scope.compilationId)).filter(
      (row) => row.repo_id === repo.id && Number(row.present) === 1,
    );
    wanted = new Set(rows.map((row) => row.object_id));
    paths = new Set(rows.map((row) => row.file_path));
  }
  const files = (await filesWithObjects(ctx.db, repo.id, commitId, null))
    .filter((file) => !paths || paths.has(file.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const models = await fileModels(ctx.db, repo.id, files);
  const modelOf = new Map<string, FileIndex>(models.map((m) => [m.path, m]));
  const objects = models.flatMap((m) => m.objects.filter((o) => !wanted || wanted.has(o.id)));
  const docs = await listDocsOfObjects(
    ctx.db,
    repo.id,
    objects.map((o) => o.id),
  );
  const fieldsOf = new Map<string, Map<string, string>>();
  const additionsOf = new Map<string, Map<string, string>>();
  for (const doc of docs) {
    const use = useOf(doc, scope.fields);
    if (!use) continue;
    const into = use === 'edit' ? fieldsOf : additionsOf;
    const fields = into.get(doc.object_id) ?? new Map<string, string>();
    fields.set(doc.field_id, doc.value);
    into.set(doc.object_id, fields);
  }
  const hasFields = (id: string) => fieldsOf.has(id) || additionsOf.has(id);
  const style = detectDocstringStyle(
    models
      .filter((m) => m.language === 'python')
      .flatMap((m) => m.objects.flatMap((o) => (o.doc ? [o.doc.text] : []))),
  );
  const touched = files.filter((file) =>
    modelOf.get(file.path)?.objects.some((o) => hasFields(o.id) && (!wanted || wanted.has(o.id))),
  );
  const texts = await exactTexts(
    ctx,
    repo.id,
    touched.map((f) => f.blob_sha),
  );
  const changes: FileChange[] = [];
  const skipped: PatchResult['skipped'] = [];
  let written = 0;
  for (const file of touched) {
    const model = modelOf.get(file.path)!;
    const edits: ObjectDocEdit[] = model.objects
      .filter((o) => hasFields(o.id) && (!wanted || wanted.has(o.id)))
      .map((o) => ({
        objectId: o.id,
        fields: fieldsOf.get(o.id) ?? new Map<string, string>(),
        additions: additionsOf.get(o.id) ?? new Map<string, string>(),
      }));
    const names = new Map(model.objects.map((o) => [o.id, o.qualifiedName]));
    const text = texts.get(file.blob_sha);
    if (text === undefined) {
      for (const edit of edits)
        skipped.push({
          path: file.path,
          name: names.get(edit.objectId) ?? edit.objectId,
          reason: 'the file is not UTF-8 text the writer can change',
        });
      continue;
    }
    const result = await writeDocsChecked(text, model, edits, { docstringStyle: style });
    written += result.written.length;
    for (const s of result.skipped)
      skipped.push({
        path: file.path,
        name: names.get(s.objectId) ?? s.objectId,
        reason: s.reason,
      });
    if (result.text !== text) changes.push({ path: file.path, before: text, after: result.text });
  }
  return {
    patch: unifiedPatch(changes),
    repo: { repo_id: repo.id, repo_name: repo.name, commit_id: commitId },
    files: changes.length,
    written,
    skipped,
  };
}
