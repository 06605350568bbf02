import {
  SITE_MODEL_VERSION,
  type SiteField,
  type SiteFile,
  type SiteLink,
  type SiteModel,
  type SiteObject,
  type SiteRepository,
} from '@codedocs/contract';
import type { Reference } from '@codedocs/engine';
import { listCompilationObjectRows } from '../../repositories/compilations-repository';
import { findCodeObjects, findRepoIndex } from '../../repositories/code-index-repository';
import { docStatesOfObjects, listDocsOfObjects } from '../../repositories/docs-repository';
import type { Db } from '../../repositories/db';
import { findRepoWithCounts } from '../../repositories/repos-repository';
import type { ServiceContext } from '../context';

/** What gathering a model reads: the database and the clones (under DATA_DIR). */
type ModelContext = Pick<ServiceContext, 'db' | 'config'>;
import { commitReferences, fileModels, filesWithObjects } from '../livedocs/commit-model';
import { hasAuthorSummary, objectWebUrl, statusOf } from '../livedocs/doc-status';
import { codeLines, fieldsOf } from '../livedocs/object-view';
import { readSourceTexts } from '../livedocs/source-reader';
import { siteOverview } from '../overview/overview-service';
import { fileWebUrl, repoWebUrl } from '../repos/repo-web';

/** Why a compilation cannot be built now, in words the build's task shows. */
export class SiteModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SiteModelError';
  }
}

/** The key of an object in a site: unique across its repositories. */
export const siteKey = (repoId: string, objectId: string) => `${repoId}:${objectId}`;

interface Entry {
  repoId: string;
  objectId: string;
  filePath: string;
  position: number;
}

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Display names of the users who wrote docs, by user id. */
async function authorNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [row.id, row.name?.trim() || row.email]));
}

/** The links of one kind out of (or into) an object, in a stable order, without repeats. */
function links(
  references: readonly Reference[],
  pick: (r: Reference) => { id: string | undefined; name: string } | null,
  repoId: string,
  inSite: ReadonlySet<string>,
  names: ReadonlyMap<string, string>,
): SiteLink[] {
  const seen = new Map<string, SiteLink>();
  for (const reference of references) {
    const target = pick(reference);
    if (!target) continue;
    const key = target.id ? siteKey(repoId, target.id) : null;
    const link: SiteLink = {
      key: key && inSite.has(key) ? key : null,
      name: (target.id && names.get(target.id)) || target.name,
    };
    const id = `${link.key ?? ''}\0${link.name}`;
    if (!seen.has(id)) seen.set(id, link);
  }
  return [...seen.values()].sort(
    (a, b) => a.name.localeCompare(b.name) || (a.key ?? '').localeCompare(b.key ?? ''),
  );
}

/**
 * The site model of one of the user's compilations at each repository's current commit: the
 * input of `@codedocs/sitegen`. Objects gone from the code are left out (they have no code at
 * the pinned commit); a repository whose current commit is not indexed yet stops the build with
 * a sentence saying so.
 */
export async function buildSiteModel(
  ctx: ModelContext,
  userId: string,
  compilation: { id: string; name: string },
  title: string,
  builtAt: string,
): Promise<SiteModel> {
  const rows = await listCompilationObjectRows(ctx.db, userId, compilation.id);
  const entries: Entry[] = rows
    .filter((row) => Number(row.present) === 1)
    .map((row, position) => ({
      repoId: row.repo_id,
      objectId: row.object_id,
      filePath: row.file_path,
      position,
    }));
  const inSite = new Set(entries.map((e) => siteKey(e.repoId, e.objectId)));
  const byRepo = new Map<string, Entry[]>();
  for (const entry of entries) pushTo(byRepo, entry.repoId, entry);
  const repositories: SiteRepository[] = [];
  for (const [repoId, repoEntries] of byRepo) {
    repositories.push(await repositoryModel(ctx, userId, repoId, repoEntries, inSite));
  }
  return {
    version: SITE_MODEL_VERSION,
    title,
    compilation_id: compilation.id,
    compilation_name: compilation.name,
    built_at: builtAt,
    repositories,
  };
}

/**
 * The model of one of the user's repositories, every object at its current commit (Markdown and
 * JSON exports of a repository, issue 22), in file and source order.
 */
export async function buildRepositorySiteModel(
  ctx: ModelContext,
  userId: string,
  repoId: string,
  builtAt: string,
): Promise<SiteModel> {
  const repository = await repositoryModel(ctx, userId, repoId, 'all', new Set());
  return {
    version: SITE_MODEL_VERSION,
    title: repository.name,
    compilation_id: '',
    compilation_name: repository.name,
    built_at: builtAt,
    repositories: [repository],
  };
}

async function repositoryModel(
  ctx: ModelContext,
  userId: string,
  repoId: string,
  chosen: readonly Entry[] | 'all',
  inSite: Set<string>,
): Promise<SiteRepository> {
  const repo = await findRepoWithCounts(ctx.db, repoId, userId);
  if (!repo) throw new SiteModelError('A repository of this compilation no longer exists');
  const commitId = repo.head_commit;
  if (!commitId || !(await findRepoIndex(ctx.db, repoId, commitId))) {
    throw new SiteModelError(
      `${repo.name} is still being indexed at its current commit; build the site when it is done`,
    );
  }
  const paths = chosen === 'all' ? null : new Set(chosen.map((e) => e.filePath));
  const files = (await filesWithObjects(ctx.db, repoId, commitId, null))
    .filter((file) => !paths || paths.has(file.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const models = await fileModels(ctx.db, repoId, files);
  const modelByPath = new Map(files.map((file, i) => [file.path, models[i]]));
  let position = 0;
  const entries: readonly Entry[] =
    chosen !== 'all'
      ? chosen
      : files.flatMap((file, i) =>
          (models[i]?.objects ?? []).map((object) => {
            inSite.add(siteKey(repoId, object.id));
            return { repoId, objectId: object.id, filePath: file.path, position: position++ };
          }),
        );
  const ids = entries.map((e) => e.objectId);
  const positions = new Map(entries.map((e) => [e.objectId, e.position]));
  const references = await commitReferences(ctx.db, repoId, commitId);
  const related = new Set<string>();
  for (const r of references) {
    if (r.fromId) related.add(r.fromId);
    if (r.toId) related.add(r.toId);
  }
  const names = new Map(
    (await findCodeObjects(ctx.db, repoId, [...related])).map((o) => [o.id, o.qualified_name]),
  );
  const docs = await listDocsOfObjects(ctx.db, repoId, ids);
  const docsByObject = new Map<string, typeof docs>();
  for (const doc of docs) pushTo(docsByObject, doc.object_id, doc);
  const states = new Map(
    (await docStatesOfObjects(ctx.db, repoId, ids)).map((s) => [s.object_id, s]),
  );
  const authors = await authorNames(ctx.db, [
    ...new Set(docs.flatMap((d) => (d.updated_by ? [d.updated_by] : []))),
  ]);
  const outgoing = new Map<string, Reference[]>();
  const incoming = new Map<string, Reference[]>();
  for (const r of references) {
    if (r.kind !== 'call' && r.kind !== 'extends' && r.kind !== 'implements') continue;
    if (r.fromId && positions.has(r.fromId)) pushTo(outgoing, r.fromId, r);
    if (r.toId && positions.has(r.toId)) pushTo(incoming, r.toId, r);
  }
  const sources = await readSourceTexts(
    ctx,
    repoId,
    files.map((file) => file.blob_sha),
  );
  const siteFiles: SiteFile[] = [];
  for (const file of files) {
    const model = modelByPath.get(file.path);
    if (!model) continue;
    const chosen = model.objects.filter((o) => positions.has(o.id));
    if (chosen.length === 0) continue;
    const source = sources.get(file.blob_sha) ?? null;
    const fileUrl = fileWebUrl(repo.url, commitId, file.path);
    const objects: SiteObject[] = chosen.map((object) => {
      const own = docsByObject.get(object.id) ?? [];
      const byField = new Map(own.map((d) => [d.field_id, d]));
      const fields: SiteField[] = fieldsOf(object, own)
        .filter((field) => field.value !== '')
        .map((field) => {
          const doc = byField.get(field.field_id);
          return {
            field_id: field.field_id,
            label: field.label,
            value: field.value,
            source: field.source ?? 'generated',
            accepted: Boolean(doc?.accepted_at),
            updated_by:
              field.source === 'edited' && doc?.updated_by
                ? (authors.get(doc.updated_by) ?? null)
                : null,
            updated_at: field.updated_at,
            written_at_commit: doc?.written_at_commit ?? null,
            stale: field.stale,
          };
        });
      const out = outgoing.get(object.id) ?? [];
      const into = incoming.get(object.id) ?? [];
      const parentKey = object.parentId ? siteKey(repoId, object.parentId) : null;
      return {
        key: siteKey(repoId, object.id),
        object_id: object.id,
        name: object.name,
        qualified_name: object.qualifiedName,
        kind: object.kind,
        language: model.language ?? file.language ?? 'text',
        signature: object.signature,
        line_start: object.range.startLine,
        line_end: object.range.endLine,
        position: positions.get(object.id)!,
        status: statusOf(object.codeHash, states.get(object.id), hasAuthorSummary(object)),
        code: codeLines(source, object),
        source_url: objectWebUrl(fileUrl, object.range.startLine, object.range.endLine),
        parent_key: parentKey && inSite.has(parentKey) ? parentKey : null,
        fields,
        calls: links(
          out,
          (r) => (r.kind === 'call' ? { id: r.toId, name: r.name } : null),
          repoId,
          inSite,
          names,
        ),
        called_by: links(
          into,
          (r) => (r.kind === 'call' ? { id: r.fromId, name: r.fromFile } : null),
          repoId,
          inSite,
          names,
        ),
        extends: links(
          out,
          (r) => (r.kind !== 'call' ? { id: r.toId, name: r.name } : null),
          repoId,
          inSite,
          names,
        ),
        extended_by: links(
          into,
          (r) => (r.kind !== 'call' ? { id: r.fromId, name: r.fromFile } : null),
          repoId,
          inSite,
          names,
        ),
      };
    });
    siteFiles.push({
      file_id: file.file_id,
      path: file.path,
      language: model.language ?? file.language ?? null,
      source_url: fileUrl,
      objects: objects.sort((a, b) => a.position - b.position),
    });
  }
  return {
    repo_id: repo.id,
    name: repo.name,
    url: repo.url,
    web_url: repoWebUrl(repo.url),
    branch: repo.branch ?? repo.default_branch,
    commit_id: commitId,
    object_count: repo.object_count,
    documented_count: repo.documented_count,
    generated_count: repo.generated_count,
    stale_count: repo.stale_count,
    undocumented_count: repo.undocumented_count,
    overview: await siteOverview(ctx, repo),
    files: siteFiles,
  };
}
