import type { Node } from 'web-tree-sitter';
import { codeHash, objectId } from '../identity.ts';
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
}

/** Creates an empty context for one file. */
export function createContext(
  repository: string,
  path: string,
  language: string,
  source: string,
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

/** Collapses a declaration head to one line, as shown in listings. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The declaration text up to its body, i.e. the signature as written. */
export function signatureOf(node: Node, body: Node | null | undefined): string {
  const end = body ? body.startIndex : node.endIndex;
  const head = node.text
    .slice(0, end - node.startIndex)
    .split('\n')
    .filter((line) => !/^\s*(#(?!\[)|\/\/|\/\*|\*)/.test(line))
    .join('\n');
  return oneLine(head).replace(/\s*[{:=]$/, '');
}

/** Registers an object with derived identity and range; returns it so children can nest. */
export function addObject(ctx: ConvertContext, node: Node, draft: ObjectDraft): CodeObject {
  const scope = draft.prefix ?? draft.parent?.qualifiedName;
  const qualifiedName = scope ? `${scope}.${draft.name}` : draft.name;
  const key = `${qualifiedName}\0${draft.kind}`;
  const overloadIndex = ctx.seen.get(key) ?? 0;
  ctx.seen.set(key, overloadIndex + 1);
  const rangeNode = draft.rangeNode ?? node;
  const object: CodeObject = {
    id: objectId(ctx.repository, ctx.path, qualifiedName, draft.kind, overloadIndex),
    kind: draft.kind,
    name: draft.name,
    qualifiedName,
    signature: draft.signature ?? oneLine(node.text.split('\n')[0] ?? ''),
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
      startLine: rangeNode.startPosition.row + 1,
      startColumn: rangeNode.startPosition.column + 1,
      endLine: rangeNode.endPosition.row + 1,
      endColumn: rangeNode.endPosition.column + 1,
    },
    overloadIndex,
    codeHash: codeHash(rangeNode.text),
  };
  if (draft.returnType !== undefined) object.returnType = draft.returnType;
  if (draft.parent) object.parentId = draft.parent.id;
  if (draft.doc) object.doc = draft.doc;
  if (draft.body) object.body = draft.body;
  ctx.objects.push(object);
  return object;
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
  const row = node.startPosition.row;
  const site: Site = {
    name,
    kind,
    line: row + 1,
    column: node.startPosition.column + 1,
    snippet: lineAt(ctx.source, node.startIndex).trim().slice(0, 200),
  };
  if (qualifier) site.qualifier = qualifier;
  if (from) site.fromId = from.id;
  ctx.sites.push(site);
}

function lineAt(source: string, index: number): string {
  const start = source.lastIndexOf('\n', index - 1) + 1;
  const end = source.indexOf('\n', index);
  return source.slice(start, end === -1 ? source.length : end);
}

/** A converter turns one parsed file into objects, sites and imports. */
export type Converter = (root: Node, ctx: ConvertContext) => void;
