import type { Node } from '../parse/flat-tree.ts';
import { type CodeHole, createCodeHasher, objectId } from '../identity.ts';
import { type CommentMask, masksWithin } from './comment-mask.ts';
import type {
  BodyFacts,
  CodeObject,
  DocComment,
  ImportSite,
  Modifiers,
  ObjectKind,
  Parameter,
  Site,
} from '../model.ts';

/** What a converter writes into while walking one file's tree. */
export interface ConvertContext {
  repository: string;
  path: string;
  language: string;
  source: string;
  objects: CodeObject[];
  sites: Site[];
  imports: ImportSite[];
  /** qualifiedName\0kind → how many seen so far (overload index). */
  seen: Map<string, number>;
  /** The file's comments and docstrings, which code hashes leave out (see comment-mask.ts). */
  mask: CommentMask | undefined;
  /** codeHash of a range of the masked source (normalises the file once, not per object). */
  hashRange: ReturnType<typeof createCodeHasher>;
  /** The same over the source as written, for legacyCodeHash (made on first use). */
  legacyHashRange: ReturnType<typeof createCodeHasher> | undefined;
  /** Start offset of each line of `source`, filled on first use (snippets of sites). */
  lineStarts: number[] | undefined;
  /** The last snippet made and its row (sites on one line share it). */
  snippet: { row: number; text: string } | undefined;
  /** Where each object's range lies in `source` (for the container hashes of finishHashes). */
  offsets: Map<CodeObject, readonly [number, number]>;
}

/** Creates an empty context for one file. */
export function createContext(
  repository: string,
  path: string,
  language: string,
  source: string,
  mask?: CommentMask,
): ConvertContext {
  return {
    repository,
    path,
    language,
    source,
    objects: [],
    sites: [],
    imports: [],
    seen: new Map(),
    mask,
    hashRange: createCodeHasher(source, mask?.ranges),
    // every field from the start (those filled on first use too): one shape of context for V8
    legacyHashRange: undefined,
    lineStarts: undefined,
    snippet: undefined,
    offsets: new Map(),
  };
}

/** Fields a converter supplies; the rest (id, hash, range, overload index) is derived here. */
export interface ObjectDraft {
  kind: ObjectKind;
  name: string;
  parent?: CodeObject;
  /** Qualifier written in the name when no parent object exists (`impl Foo`, `Foo::bar`). */
  prefix?: string;
  signature?: string;
  parameters?: Parameter[];
  returnType?: string;
  modifiers?: Partial<Modifiers>;
  decorators?: string[];
  doc?: DocComment;
  body?: BodyFacts;
  /** The node whose range the object covers (defaults to the declaration node). */
  rangeNode?: Node;
}

/**
 * A parameter record, its optional fields present (undefined when absent, which JSON and the trip
 * to the main thread leave out): one shape of parameter for V8, whose optimised code reading
 * parameters (receiver types of calls) was thrown away each time another shape turned up.
 */
export function parameter(
  name: string,
  rest: boolean,
  optional: boolean,
  type: string | undefined,
  defaultValue: string | undefined,
): Parameter {
  return { name, rest, optional, type, default: defaultValue };
}

/** Collapses a declaration head to one line, as shown in listings. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * `text.replace(/\s+/g, ' ').slice(0, max)` without collapsing all of a long text: a prefix's
 * collapsed form is a prefix of the whole's, so a long enough prefix gives the same answer.
 */
export function collapsedPrefix(text: string, max: number): string {
  for (let length = 2 * max; ; length *= 4) {
    const whole = length >= text.length;
    const collapsed = (whole ? text : text.slice(0, length)).replace(/\s+/g, ' ');
    if (whole || collapsed.length >= max) return collapsed.slice(0, max);
  }
}

/** The declaration text up to its body, i.e. the signature as written. */
export function signatureOf(
  ctx: ConvertContext,
  node: Node,
  body: Node | null | undefined,
): string {
  // sliced from the source: node.text would copy the whole body only to cut it off
  const nodeEnd = node.endIndex;
  const end = body ? Math.min(body.startIndex, nodeEnd) : nodeEnd;
  const head = ctx.source
    .slice(node.startIndex, Math.max(end, node.startIndex))
    .split('\n')
    .filter((line) => !/^\s*(#(?!\[)|\/\/|\/\*|\*)/.test(line))
    .join('\n');
  return oneLine(head).replace(/\s*[{:=]$/, '');
}

/** Where an object lies: rows and columns zero-based (the tree's points), indexes in the source. */
export interface ObjectPlace {
  startRow: number;
  startColumn: number;
  endRow: number;
  endColumn: number;
  startIndex: number;
  endIndex: number;
}

/** Registers an object with derived identity and range; returns it so children can nest. */
export function addObject(ctx: ConvertContext, node: Node, draft: ObjectDraft): CodeObject {
  const rangeNode = draft.rangeNode ?? node;
  // each read of an end is a call into WebAssembly: once each
  const end = rangeNode.endPosition;
  const start = rangeNode.startPosition;
  return addObjectAt(
    ctx,
    {
      startRow: start.row,
      startColumn: start.column,
      endRow: end.row,
      endColumn: end.column,
      startIndex: rangeNode.startIndex,
      endIndex: rangeNode.endIndex,
    },
    draft.signature ?? oneLine(firstLineOf(ctx.source, node)),
    draft,
  );
}

/** addObject for an object whose place and signature are known. */
function addObjectAt(
  ctx: ConvertContext,
  place: ObjectPlace,
  signature: string,
  draft: ObjectDraft,
): CodeObject {
  const scope = draft.prefix ?? draft.parent?.qualifiedName;
  const qualifiedName = scope ? `${scope}.${draft.name}` : draft.name;
  const key = `${qualifiedName}\0${draft.kind}`;
  const overloadIndex = ctx.seen.get(key) ?? 0;
  ctx.seen.set(key, overloadIndex + 1);
  const object: CodeObject = {
    id: objectId(ctx.repository, ctx.path, qualifiedName, draft.kind, overloadIndex),
    kind: draft.kind,
    name: draft.name,
    qualifiedName,
    signature,
    parameters: draft.parameters ?? [],
    modifiers: {
      exported: false,
      static: false,
      async: false,
      abstract: false,
      ...draft.modifiers,
    },
    decorators: draft.decorators ?? [],
    range: {
      startLine: place.startRow + 1,
      startColumn: place.startColumn + 1,
      endLine: place.endRow + 1,
      endColumn: place.endColumn + 1,
    },
    overloadIndex,
    // set by finishHashes once every object of the file is known
    codeHash: '',
    // every optional field present, undefined when absent (JSON, the store and the trip between
    // threads leave them out): one shape of object for V8, whose optimised code reading objects
    // (finishHashes, resolution) was thrown away as shapes turned up
    returnType: draft.returnType,
    parentId: draft.parent?.id,
    doc: draft.doc || undefined,
    body: draft.body || undefined,
    legacyCodeHash: undefined,
  };
  // a visibility tag (`@private`, `@api private`, `@internal`) says what the syntax leaves open:
  // it never widens a `private` or `protected` the code declares
  const tagged = draft.doc?.visibility;
  const declared = object.modifiers.visibility;
  if (tagged && (declared === undefined || declared === 'public'))
    object.modifiers.visibility = tagged;
  ctx.objects.push(object);
  ctx.offsets.set(object, [place.startIndex, place.endIndex]);
  return object;
}

/**
 * Takes back an object added last under its name (a C prototype whose definition follows): its
 * overload index is free again, so the object that replaces it gets the same id.
 */
export function removeObject(ctx: ConvertContext, object: CodeObject): void {
  const at = ctx.objects.indexOf(object);
  if (at === -1) return;
  ctx.objects.splice(at, 1);
  ctx.offsets.delete(object);
  const key = `${object.qualifiedName}\0${object.kind}`;
  ctx.seen.set(key, (ctx.seen.get(key) ?? 1) - 1);
}

/** The node's text up to its first line break, read from the source (node.text copies it all). */
function firstLineOf(source: string, node: Node): string {
  const start = node.startIndex;
  const end = node.endIndex;
  const lineEnd = source.indexOf('\n', start);
  return source.slice(start, lineEnd === -1 || lineEnd > end ? end : lineEnd);
}

/** Records a call/usage site with a one-line snippet of its line. */
export function addSite(
  ctx: ConvertContext,
  node: Node,
  kind: Site['kind'],
  name: string,
  from: CodeObject | undefined,
  qualifier?: string,
): void {
  addSiteAt(ctx, node.startRow, node.startColumn, kind, name, from, qualifier);
}

/**
 * addSite for a position already known (a name inside a node's text, found without the tree),
 * zero-based as the tree's points (no point object per site: there are hundreds of thousands).
 */
export function addSiteAt(
  ctx: ConvertContext,
  row: number,
  column: number,
  kind: Site['kind'],
  name: string,
  from: CodeObject | undefined,
  qualifier?: string,
): void {
  // every field present, absent ones undefined (JSON leaves them out, as the packed trip to the
  // main thread does): one shape of site for V8, where optional fields made up to six
  ctx.sites.push({
    name,
    kind,
    line: row + 1,
    column: column + 1,
    snippet: snippetOf(ctx, row),
    qualifier: qualifier || undefined,
    receiverType: (qualifier && from && receiverTypeOf(from, qualifier)) || undefined,
    fromId: from?.id,
    local: undefined,
  });
}

/** Go methods' receivers (`func (e *Engine) …`): name and type, noted by the converter. */
const receivers = new WeakMap<CodeObject, { name: string; type: string }>();

/** Notes a method's receiver variable, whose calls are calls on the receiver's type. */
export function noteReceiver(method: CodeObject, name: string, type: string): void {
  const simple = simpleTypeName(type);
  if (simple) receivers.set(method, { name, type: simple });
}

/** Names a function's body declares again (`for _, c := range c.Args`), per function. */
const shadowed = new WeakMap<CodeObject, Set<string>>();

/**
 * Notes names a function's body binds anew: there the receiver or parameter of that name may be
 * another value of another type, so its declared type says nothing of calls on it.
 */
export function noteShadowed(owner: CodeObject, names: Iterable<string>): void {
  const set = new Set(names);
  if (set.size) shadowed.set(owner, set);
}

/** The declared type of `qualifier` inside `owner`: its receiver or a parameter with a named type. */
function receiverTypeOf(owner: CodeObject, qualifier: string): string | undefined {
  if (shadowed.get(owner)?.has(qualifier)) return undefined;
  const receiver = receivers.get(owner);
  if (receiver?.name === qualifier) return receiver.type;
  for (const p of owner.parameters) {
    if (p.name === qualifier && p.type !== undefined) return simpleTypeName(p.type);
  }
  return undefined;
}

/**
 * A type written as one name, give or take a pointer, reference, nullability or type arguments
 * (`*Engine`, `&mut Reader<'a>`, `Jar | None` is not one): the name; anything else undefined.
 */
export function simpleTypeName(type: string): string | undefined {
  const name = type
    .trim()
    .replace(/^(?:&\s*(?:'\w+\s+)?(?:mut\s+)?|\*+|const\s+|final\s+)+/, '')
    .replace(/(?:<[^<>]*>|\[[^\]]*\])$/, '')
    .replace(/[?*&\s]+$/, '');
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : undefined;
}

/** A site's snippet: its line, trimmed, at most 200 characters (made once per line). */
function snippetOf(ctx: ConvertContext, row: number): string {
  const last = ctx.snippet;
  if (last?.row === row) return last.text;
  const text = lineAt(ctx, row).trim().slice(0, 200);
  ctx.snippet = { row, text };
  return text;
}

/** Line `row` of the source: a table lookup, not a scan (minified files have very long lines). */
function lineAt(ctx: ConvertContext, row: number): string {
  let starts = ctx.lineStarts;
  if (!starts) {
    starts = [0];
    for (let at = ctx.source.indexOf('\n'); at !== -1; at = ctx.source.indexOf('\n', at + 1))
      starts.push(at + 1);
    ctx.lineStarts = starts;
  }
  const start = starts[row] ?? ctx.source.length;
  const next = starts[row + 1];
  return ctx.source.slice(start, next === undefined ? ctx.source.length : next - 1);
}

/** node.text read from the source string: one call into WebAssembly (endIndex) instead of several. */
export function textOf(ctx: ConvertContext, node: Node): string {
  return ctx.source.slice(node.startIndex, node.endIndex);
}

/**
 * The receiver of a member call as recorded on its site: the text as written, or for a long one
 * its end after `…`. Never dropped: a call on a receiver is not a bare call, and resolution
 * must not treat `a.b().c()` as a call of a function `c`.
 */
export function siteQualifier(text: string): string {
  const flat = text.length < 60 ? text : `…${text.slice(-50)}`;
  return flat.replace(/\s+/g, ' ');
}

/** Whether `c` may start an ASCII identifier (`[A-Za-z_$]`, and `#` when `hash`). */
function identifierStart(c: number, hash: boolean): boolean {
  return (
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36 || (hash && c === 35)
  );
}

/** Whether `c` may continue an ASCII identifier (`[\w$]`). */
function identifierPart(c: number): boolean {
  return identifierStart(c, false) || (c >= 48 && c <= 57);
}

/**
 * Where the ASCII identifier (`[A-Za-z_$][\w$]*`, `#` allowed first when `hash`) starting at
 * `start` ends, or -1 when none starts there or a non-ASCII character follows it (the name may
 * go on: the tree says where it ends). Read character by character: no match object per name.
 */
function identifierEnd(source: string, start: number, hash: boolean): number {
  if (!identifierStart(source.charCodeAt(start), hash)) return -1;
  let at = start + 1;
  while (identifierPart(source.charCodeAt(at))) at++;
  return source.charCodeAt(at) > 127 ? -1 : at;
}

/**
 * The text of a node that is a single identifier token, read from the source without asking
 * WebAssembly for its end (one call fewer per name: there are hundreds of thousands of them).
 * Falls back to the node's range for names this does not cover.
 */
export function identifierText(ctx: ConvertContext, node: Node): string {
  const end = identifierEnd(ctx.source, node.startIndex, true);
  return end < 0 ? textOf(ctx, node) : ctx.source.slice(node.startIndex, end);
}

/**
 * The identifier a node's text starts with (a declarator's name), read from the source; undefined
 * when the text starts otherwise or the name may go on past ASCII, so the caller asks the tree.
 */
export function leadingIdentifier(ctx: ConvertContext, node: Node): string | undefined {
  const end = identifierEnd(ctx.source, node.startIndex, false);
  return end < 0 ? undefined : ctx.source.slice(node.startIndex, end);
}

/** `name` or `a.b.name`: identifiers joined by dots, nothing else (no spaces, calls or `?.`). */
const DOTTED = /^[A-Za-z_$#][\w$#]*(?:\.[A-Za-z_$#][\w$#]*)*$/;
/** Callees whose plain spelling is not a call of a name (`super(…)`, dynamic `import(…)`). */
const NOT_NAMES = new Set(['super', 'import', 'this', 'undefined', 'null', 'true', 'false']);

/**
 * Records the call site of a callee node (`function` field of a call) when its text is a plain
 * dotted path (`text`, the callee's source), reading name and qualifier from it: what the tree gives for an
 * identifier or a member/attribute chain of identifiers, in two calls into WebAssembly instead
 * of five or six. Returns false for every other form, which the caller reads from the tree.
 */
export function addDottedCall(
  ctx: ConvertContext,
  callee: Node,
  text: string,
  from: CodeObject | undefined,
): boolean {
  if (!DOTTED.test(text)) return false;
  const dot = text.lastIndexOf('.');
  const name = text.slice(dot + 1);
  const qualifier = dot === -1 ? undefined : text.slice(0, dot);
  if (qualifier === undefined && NOT_NAMES.has(name)) return false;
  addSiteAt(
    ctx,
    callee.startRow,
    callee.startColumn + dot + 1,
    'call',
    name,
    from,
    qualifier !== undefined ? siteQualifier(qualifier) : undefined,
  );
  return true;
}

/** A converter turns one parsed file into objects, sites and imports. */
export type Converter = (root: Node, ctx: ConvertContext) => void;

/**
 * Gives every object its code hash. Containers (classes, modules, outer functions…) get the
 * hash of their OWN code: each nested object inside their range counts as its signature only.
 * A change inside a method's body then makes that method stale, not its class; adding,
 * removing or re-signing a member still changes the class. Runs once per file, after every
 * object is known, so no container is hashed twice.
 */
export function finishHashes(ctx: ConvertContext): void {
  const children = new Map<string, CodeObject[]>();
  for (const object of ctx.objects) {
    if (object.parentId === undefined) continue;
    const list = children.get(object.parentId);
    if (list) list.push(object);
    else children.set(object.parentId, [object]);
  }
  // a module object (Python) holds the file's top-level objects without being their parent: its
  // own code is the module's statements, so a change inside a function does not make it stale
  const topLevel = ctx.objects.filter((o) => o.parentId === undefined && o.kind !== 'module');
  for (const module of ctx.objects) {
    if (module.kind !== 'module' || module.parentId !== undefined) continue;
    children.set(module.id, [...(children.get(module.id) ?? []), ...topLevel]);
  }
  for (const object of ctx.objects) {
    const range = ctx.offsets.get(object);
    if (!range) continue;
    const [start, end] = range;
    // each nested object in the range counts as its signature
    const holes: CodeHole[] = [];
    for (const child of children.get(object.id) ?? []) {
      const at = ctx.offsets.get(child);
      if (at && at[0] >= start && at[1] <= end)
        holes.push({ from: at[0], to: at[1], text: child.signature });
    }
    if (holes.length > 1) holes.sort((a, b) => a.from - b.from);
    object.codeHash = ctx.hashRange(start, end, holes);
    // the hash as engines before the mask computed it, while stored docs may still carry it
    const mask = ctx.mask;
    if (mask && masksWithin(mask, start, end)) {
      ctx.legacyHashRange ??= createCodeHasher(ctx.source);
      const legacy = ctx.legacyHashRange(start, end, holes);
      if (legacy !== object.codeHash) object.legacyCodeHash = legacy;
    }
  }
}

/**
 * Marks the bare calls of a name an enclosing function binds itself (`binds`: a local variable,
 * a parameter, a local function), as `Site.local`: such a call is of a value, never of the
 * module's or the class's object of that name. An object declared nearer than the binding (a
 * nested function of that name) still wins.
 */
export function markLocalCalls(
  ctx: ConvertContext,
  binds: (object: CodeObject, name: string) => boolean,
): void {
  const byId = new Map<string, CodeObject>();
  const members = new Set<string>();
  for (const object of ctx.objects) {
    byId.set(object.id, object);
    if (object.parentId !== undefined) members.add(`${object.parentId}\0${object.name}`);
  }
  for (const site of ctx.sites) {
    // (a type's name is not a value's: `let v: View` in TypeScript is the type whatever `View` is)
    if (site.kind !== 'call' || site.qualifier !== undefined || site.fromId === undefined) continue;
    for (let at = byId.get(site.fromId); at; at = at.parentId ? byId.get(at.parentId) : undefined) {
      if (members.has(`${at.id}\0${site.name}`)) break;
      if (binds(at, site.name)) {
        site.local = true;
        break;
      }
    }
  }
}
