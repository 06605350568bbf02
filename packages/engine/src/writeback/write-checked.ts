import { indexFile } from '../index-file.ts';
import type { DocComment, FileIndex } from '../model.ts';
import { sameAsComment } from './comment-changes.ts';
import {
  writeDocs,
  type ObjectDocEdit,
  type WriteOptions,
  type WrittenFile,
} from './write-file.ts';

const collapse = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** A doc's fields by id, whitespace aside (what an edit must leave as it was). */
function fieldsOf(doc: DocComment | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (!doc) return out;
  out.set('summary', collapse(doc.summary));
  out.set('description', collapse(doc.description));
  out.set('returns', collapse(doc.returns?.description));
  out.set('throws', doc.throws.map((t) => `${t.type ?? ''}: ${collapse(t.description)}`).join('|'));
  out.set('example', doc.examples.map(collapse).join('|'));
  for (const p of doc.params) out.set(`param:${p.name}`, collapse(p.description));
  return out;
}

/** Why a written object's comment is not what the write meant, or undefined when it is. */
function misread(
  before: DocComment | undefined,
  after: DocComment | undefined,
  written: ReadonlyMap<string, string>,
): string | undefined {
  if (!after) return 'the comment written would not be read as its doc';
  for (const [id, value] of written)
    if (!sameAsComment(after, id, value)) return `its ${id} would read back differently`;
  if (!before) return undefined;
  const was = fieldsOf(before);
  const now = fieldsOf(after);
  for (const [id, text] of was)
    if (!written.has(id) && now.get(id) !== text) return `its ${id} would change too`;
  return undefined;
}

/**
 * `writeDocs`, then the file read again as the engine reads it: an object whose comment would
 * not read back as written (a field misplaced, another field changed) is left as it was and
 * said so, so a patch never changes more than it claims. (New comments are checked for their
 * summary only: a reader gap must not keep a well-formed comment out.)
 */
export async function writeDocsChecked(
  source: string,
  file: FileIndex,
  edits: readonly ObjectDocEdit[],
  options: WriteOptions = {},
): Promise<WrittenFile> {
  let kept = [...edits];
  const refused: WrittenFile['skipped'] = [];
  const before = new Map(file.objects.map((o) => [o.id, o.doc]));
  for (let round = 0; round < 3; round++) {
    const result = writeDocs(source, file, kept, options);
    if (result.text === source) return { ...result, skipped: [...result.skipped, ...refused] };
    const reread = await indexFile({ path: file.path, content: Buffer.from(result.text) });
    // ids may be scoped by whoever made `file` (the server's are the repository's): objects are
    // matched by what makes an id
    const keyOf = (o: FileIndex['objects'][number]) =>
      `${o.kind}\0${o.qualifiedName}\0${o.overloadIndex}`;
    const after = new Map(reread.objects.map((o) => [keyOf(o), o.doc]));
    const keys = new Map(file.objects.map((o) => [o.id, keyOf(o)]));
    const wrong = new Set<string>();
    for (const w of result.written) {
      const edit = kept.find((e) => e.objectId === w.objectId)!;
      const values = new Map([...(edit.additions ?? []), ...edit.fields]);
      const written = new Map(w.fields.map((id) => [id, values.get(id) ?? '']));
      const doc = before.get(w.objectId);
      const checked = doc ? written : new Map([...written].filter(([id]) => id === 'summary'));
      const why = misread(doc, after.get(keys.get(w.objectId) ?? ''), checked);
      if (why) {
        wrong.add(w.objectId);
        refused.push({ objectId: w.objectId, reason: `left as it is: ${why}` });
      }
    }
    if (wrong.size === 0) return { ...result, skipped: [...result.skipped, ...refused] };
    kept = kept.filter((e) => !wrong.has(e.objectId));
  }
  const result = writeDocs(source, file, [], options);
  return { ...result, skipped: refused };
}
