import {
  docFields,
  generateDoc,
  readFileFacts,
  type CodeObject,
  type FileIndex,
  type Reference,
} from '@codedocs/engine';
import type { DocSource } from '@codedocs/contract';
import type { Doc } from '@codedocs/db';
import { newId } from '../../auth/random-id';
import {
  addGenerationUsage,
  insertNewFields,
  insertRevisions,
  listDocsOfObjects,
  writeFieldIfVersion,
  type FieldWrite,
} from '../../repositories/docs-repository';
import type { Db } from '../../repositories/db';
import { bumpDocsRevision } from '../../repositories/repos-repository';
import { nowIso } from '../context';
import type { ActivityFeed } from '../activity/activity-feed';
import { recordEvent } from '../activity/record-event';
import { callerPaths, type GenerationSources } from './generation-sources';

/** Sources a regeneration never overwrites: what a person wrote or imported. */
const PROTECTED_SOURCES = new Set(['edited', 'imported']);

/**
 * Where each planned field's text comes from: the author's doc comment (`fromComment`), nothing
 * (`empty`: the field needs a writer), a model's rewrite (text other than what the facts gave),
 * or the facts of the code.
 */
export function withSources(
  fields: Map<string, string>,
  derived: Map<string, string>,
  fromComment: ReadonlySet<string>,
): Map<string, { value: string; source: DocSource }> {
  const out = new Map<string, { value: string; source: DocSource }>();
  for (const [fieldId, value] of fields) {
    const source: DocSource =
      value.trim() === ''
        ? 'empty'
        : value !== derived.get(fieldId)
          ? 'model'
          : fromComment.has(fieldId)
            ? 'author'
            : 'generated';
    out.set(fieldId, { value: source === 'empty' ? '' : value, source });
  }
  return out;
}

/** The calendar month (UTC) generation usage is counted in. */
export function usageMonth(date = new Date()): string {
  return date.toISOString().slice(0, 7);
}

/** References grouped by the object they point at, built once per run (not per object). */
export function referencesByTarget(references: readonly Reference[]): Map<string, Reference[]> {
  const byTarget = new Map<string, Reference[]>();
  for (const ref of references) {
    if (ref.toId === undefined) continue;
    const list = byTarget.get(ref.toId);
    if (list) list.push(ref);
    else byTarget.set(ref.toId, [ref]);
  }
  return byTarget;
}

/** Rewrites generated prose for one object; returns the fields to store (same keys). */
export type FieldRewriter = (
  object: CodeObject,
  file: FileIndex,
  fields: Map<string, string>,
) => Promise<Map<string, string>>;

/** Counts of one generation run. */
export interface GenerationCounts {
  objects: number;
  fieldsWritten: number;
  fieldsKept: number;
  /**
   * Objects charged to the monthly quota: written to and not documented before (an object whose
   * docs already matched its code is not paid for twice when its text is refreshed).
   */
  charged: number;
}

/**
 * Whether a generation already ran for this code: stored fields (empty ones count), every filled
 * one written against exactly this code (doc-status.ts `docsMatchCode`, which the estimate uses).
 */
function documentedAgainst(codeHash: string, docs: readonly Doc[]): boolean {
  return (
    docs.length > 0 &&
    docs.filter((d) => d.value !== '').every((d) => d.code_hash_at_write === codeHash)
  );
}

/**
 * Writes the generated fields of every object of one file model at `commitId`, in one
 * transaction: edited or imported fields are kept, unchanged ones are not rewritten, the rest
 * get a new version and a history entry. Objects that got at least one new field and were not
 * documented against their current code before count towards the user's monthly usage. A
 * `docs.generated` event with the fields written is recorded in the same transaction.
 */
export async function writeGeneratedFile(
  deps: { db: Db; activity: ActivityFeed },
  run: {
    repoId: string;
    file: FileIndex;
    objects?: readonly CodeObject[];
    commitId: string;
    userId: string;
    referencesTo: Map<string, Reference[]>;
    rewrite?: FieldRewriter;
    /** The generation task, so the feed can show its files as one entry. */
    taskId?: string;
    /** Source texts of the commit: code facts and real call examples come from them. */
    sources?: GenerationSources;
    /** A link to a line of a file at the commit, for where an example was taken from. */
    linkTo?: (path: string, line: number) => string | null;
  },
): Promise<GenerationCounts> {
  const { db } = deps;
  const { file, commitId, userId } = run;
  const objects = run.objects ?? file.objects;
  const planned = new Map<string, Map<string, { value: string; source: DocSource }>>();
  const sources = run.sources;
  await sources?.preload([
    file.path,
    ...objects.flatMap((o) => callerPaths(run.referencesTo.get(o.id) ?? [])),
  ]);
  const source = sources?.sourceOf(file.path);
  const facts = source === undefined ? new Map() : await readFileFacts(file, source);
  for (const object of objects) {
    const generated = generateDoc(object, run.referencesTo.get(object.id) ?? [], {
      facts: facts.get(object.id),
      language: file.language ?? '',
      siblings: file.objects,
      ...(sources && { sourceOf: sources.sourceOf }),
    });
    const derived = docFields(object, generated, {
      filePath: file.path,
      language: file.language ?? '',
      ...(run.linkTo && { linkTo: run.linkTo }),
    });
    const fields = run.rewrite ? await run.rewrite(object, file, derived) : derived;
    planned.set(object.id, withSources(fields, derived, new Set(generated.fromComment)));
  }
  const written = await db.transaction().execute(async (trx) => {
    const existing = new Map<string, Doc>();
    const docsOf = new Map<string, Doc[]>();
    for (const doc of await listDocsOfObjects(
      trx,
      run.repoId,
      objects.map((o) => o.id),
    )) {
      existing.set(`${doc.object_id}\0${doc.field_id}`, doc);
      docsOf.set(doc.object_id, [...(docsOf.get(doc.object_id) ?? []), doc]);
    }
    const counts: GenerationCounts = { objects: 0, fieldsWritten: 0, fieldsKept: 0, charged: 0 };
    const now = nowIso();
    // fields with no row yet are inserted in batches; rewriting an existing generated field
    // stays one conditional UPDATE each (its expected version differs per row)
    const fresh: FieldWrite[] = [];
    const revisions: (FieldWrite & { id: string; version: number })[] = [];
    const wroteTo = new Set<string>();
    for (const object of objects) {
      for (const [fieldId, { value, source }] of planned.get(object.id) ?? []) {
        const current = existing.get(`${object.id}\0${fieldId}`);
        if (current && PROTECTED_SOURCES.has(current.source)) {
          counts.fieldsKept++;
          continue;
        }
        if (
          current &&
          current.value === value &&
          current.source === source &&
          current.code_hash_at_write === object.codeHash
        ) {
          continue;
        }
        const write: FieldWrite = {
          repo_id: run.repoId,
          object_id: object.id,
          field_id: fieldId,
          value,
          source,
          written_at_commit: commitId,
          code_hash_at_write: object.codeHash,
          updated_at: now,
          updated_by: userId,
        };
        if (!current) {
          fresh.push(write);
          continue;
        }
        const version = await writeFieldIfVersion(trx, write, current.version);
        if (version === null) {
          // A person saved this field while the run worked: theirs wins.
          counts.fieldsKept++;
          continue;
        }
        revisions.push({ ...write, id: newId(), version });
        wroteTo.add(object.id);
      }
    }
    const inserted = await insertNewFields(trx, fresh);
    for (const write of fresh) {
      if (inserted.has(`${write.object_id}\0${write.field_id}`)) {
        revisions.push({ ...write, id: newId(), version: 1 });
        wroteTo.add(write.object_id);
      } else {
        // someone created this field while the run worked: theirs wins
        counts.fieldsKept++;
      }
    }
    await insertRevisions(trx, revisions);
    counts.fieldsWritten = revisions.length;
    counts.objects = wroteTo.size;
    for (const object of objects) {
      if (
        wroteTo.has(object.id) &&
        !documentedAgainst(object.codeHash, docsOf.get(object.id) ?? [])
      )
        counts.charged++;
    }
    if (counts.charged > 0) await addGenerationUsage(trx, userId, usageMonth(), counts.charged);
    if (counts.fieldsWritten > 0) {
      // a regeneration (no task) names its one object
      const single = objects.length === 1 && !run.taskId ? objects[0] : undefined;
      await recordEvent(deps, trx, {
        userId,
        kind: 'docs.generated',
        subject: run.repoId,
        amount: counts.fieldsWritten,
        data: {
          file_path: file.path,
          objects: counts.objects,
          fields: counts.fieldsWritten,
          kept: counts.fieldsKept,
          task_id: run.taskId ?? null,
          ...(single && { object_id: single.id, name: single.qualifiedName }),
        },
      });
    }
    return counts;
  });
  if (written.fieldsWritten > 0) await bumpDocsRevision(db, run.repoId);
  return written;
}
