import {
  fieldLabel,
  type LivedocsField,
  type LivedocsObject,
  type LivedocsRef,
} from '@codedocs/contract';
import type { Doc, Repo } from '@codedocs/db';
import {
  isTestPath,
  templateFieldIds,
  usagesOf,
  type CodeObject,
  type FileIndex,
} from '@codedocs/engine';
import { createTwoFilesPatch } from 'diff';
import { notFound } from '../../errors/index';
import {
  findCodeObject,
  findCodeObjects,
  findFileAtCommit,
  findRepoIndex,
} from '../../repositories/code-index-repository';
import { docStatesOfObjects, listDocsOfObjects } from '../../repositories/docs-repository';
import type { ServiceContext } from '../context';
import { fileWebUrl } from '../repos/repo-web';
import { commitReferences, fileModels } from './commit-model';
import { hasAuthorSummary, objectWebUrl, statusOf } from './doc-status';
import { readSourceText } from './source-reader';

/** Most usages an object answer lists (tests first). */
const MAX_USAGES = 50;

/** An object as it is at one indexed commit: its file row, the file's model and the object. */
export interface LocatedObject {
  file: { path: string; file_id: string; blob_sha: string; language: string | null };
  model: FileIndex;
  object: CodeObject;
}

/** Finds an object at a commit; undefined when the commit is not indexed or lacks the object. */
export async function locateObject(
  ctx: ServiceContext,
  repoId: string,
  commitId: string,
  filePath: string,
  objectId: string,
): Promise<LocatedObject | undefined> {
  if (!(await findRepoIndex(ctx.db, repoId, commitId))) return undefined;
  const file = await findFileAtCommit(ctx.db, repoId, commitId, filePath);
  if (!file) return undefined;
  const [model] = await fileModels(ctx.db, repoId, [file]);
  const object = model?.objects.find((o) => o.id === objectId);
  return model && object ? { file, model, object } : undefined;
}

/** The object's lines of a source text (end inclusive). */
export function codeLines(source: string | null, object: CodeObject): string {
  if (source === null) return '';
  return source
    .split(/\r?\n/)
    .slice(object.range.startLine - 1, object.range.endLine)
    .join('\n');
}

function fieldJson(fieldId: string, doc: Doc | undefined, codeHash: string): LivedocsField {
  return {
    field_id: fieldId,
    label: fieldLabel(fieldId),
    value: doc?.value ?? '',
    source: (doc?.source as LivedocsField['source'] | undefined) ?? null,
    version: doc?.version ?? 0,
    updated_at: doc ? new Date(doc.updated_at).toISOString() : null,
    updated_by: doc?.updated_by ?? null,
    stale: doc !== undefined && doc.value !== '' && doc.code_hash_at_write !== codeHash,
    accepted_at: doc?.accepted_at ? new Date(doc.accepted_at).toISOString() : null,
  };
}

/** Every field of the template (empty ones too), then any filled field the template lost. */
export function fieldsOf(object: CodeObject, docs: readonly Doc[]): LivedocsField[] {
  const byField = new Map(docs.map((d) => [d.field_id, d]));
  const template = templateFieldIds(object);
  const extra = docs.filter((d) => !template.includes(d.field_id) && d.value !== '');
  return [
    ...template.map((id) => fieldJson(id, byField.get(id), object.codeHash)),
    ...extra.map((d) => fieldJson(d.field_id, d, object.codeHash)),
  ];
}

async function staleDiff(
  ctx: ServiceContext,
  repo: Repo,
  located: LocatedObject,
  code: string,
  docs: readonly Doc[],
  commitId: string,
): Promise<LivedocsObject['stale']> {
  const stale = docs.find(
    (d) => d.value !== '' && d.code_hash_at_write !== located.object.codeHash,
  );
  const writtenAt = stale?.written_at_commit ?? null;
  let before = '';
  if (writtenAt) {
    const then = await locateObject(ctx, repo.id, writtenAt, located.file.path, located.object.id);
    if (then)
      before = codeLines(await readSourceText(ctx, repo.id, then.file.blob_sha), then.object);
  }
  const diff = createTwoFilesPatch(
    `a/${located.file.path}`,
    `b/${located.file.path}`,
    before === '' ? '' : `${before}\n`,
    `${code}\n`,
    writtenAt ? writtenAt.slice(0, 12) : 'unknown',
    commitId.slice(0, 12),
    { context: 3 },
  );
  return { written_at_commit: writtenAt, diff };
}

/** The live-docs object JSON of one object at one indexed commit (404 when it is not there). */
export async function objectView(
  ctx: ServiceContext,
  repo: Repo,
  objectId: string,
  commitId: string,
): Promise<LivedocsObject> {
  const row = await findCodeObject(ctx.db, repo.id, objectId);
  if (!row) throw notFound('Object not found');
  const located = await locateObject(ctx, repo.id, commitId, row.file_path, objectId);
  if (!located) throw notFound('This object does not exist at this commit');
  const { object, file } = located;
  const code = codeLines(await readSourceText(ctx, repo.id, file.blob_sha), object);
  const references = await commitReferences(ctx.db, repo.id, commitId);
  const calls = references.filter((r) => r.kind === 'call' && r.fromId === object.id);
  const calledBy = references.filter((r) => r.kind === 'call' && r.toId === object.id);
  const related = new Map(
    (
      await findCodeObjects(ctx.db, repo.id, [
        ...new Set([
          ...calls.flatMap((r) => (r.toId ? [r.toId] : [])),
          ...calledBy.flatMap((r) => (r.fromId ? [r.fromId] : [])),
        ]),
      ])
    ).map((o) => [o.id, o]),
  );
  const ref = (
    id: string | undefined,
    fallbackName: string,
    line: number,
    snippet: string,
    path?: string,
  ): LivedocsRef => {
    const target = id ? related.get(id) : undefined;
    return {
      object_id: target ? target.id : null,
      name: target?.name ?? fallbackName,
      qualified_name: target?.qualified_name ?? null,
      kind: target?.kind ?? null,
      file_path: path ?? target?.file_path ?? null,
      line,
      snippet,
    };
  };
  const docs = await listDocsOfObjects(ctx.db, repo.id, [object.id]);
  const [state] = await docStatesOfObjects(ctx.db, repo.id, [object.id]);
  const status = statusOf(object.codeHash, state, hasAuthorSummary(object));
  const fileUrl = fileWebUrl(repo.url, commitId, file.path);
  return {
    object_id: object.id,
    object_url: objectWebUrl(fileUrl, object.range.startLine, object.range.endLine),
    file_id: file.file_id,
    file_path: file.path,
    file_url: fileUrl,
    last_updated: state?.last_updated ?? null,
    commit_id: commitId,
    name: object.name,
    qualified_name: object.qualifiedName,
    kind: object.kind,
    language: located.model.language ?? row.language,
    signature: object.signature,
    line_start: object.range.startLine,
    line_end: object.range.endLine,
    code,
    code_hash: object.codeHash,
    status,
    fields: fieldsOf(object, docs),
    calls: calls.map((r) => ref(r.toId, r.name, r.line, r.snippet)),
    called_by: calledBy.map((r) => ref(r.fromId, r.fromFile, r.line, r.snippet, r.fromFile)),
    usages: usagesOf(references, object.id)
      .slice(0, MAX_USAGES)
      .map((r) => ({
        file_path: r.fromFile,
        line: r.line,
        snippet: r.snippet,
        is_test: isTestPath(r.fromFile),
      })),
    stale: status === 'stale' ? await staleDiff(ctx, repo, located, code, docs, commitId) : null,
  };
}
