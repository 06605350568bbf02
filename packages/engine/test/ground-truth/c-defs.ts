import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { JudgedCall } from '../accuracy/calls.ts';
import type { TruthDef } from '../accuracy/judged.ts';
import {
  activeLines,
  attachedDoc,
  commentRange,
  fromMacro,
  place,
  sourceText,
  streamClangAst,
  type AstNode,
} from './clang-ast.ts';

/** Where clang puts a declaration and which comment it attaches to it, as file offsets. */
interface Declared {
  kind: string;
  name: string;
  begin: number;
  params?: string[];
  body?: boolean;
  comment?: [number, number];
}

/** A call clang reads in the file: the called name, where it is written, what it refers to. */
interface CalledName {
  name: string;
  offset: number;
  /** The FunctionDecl the callee names; absent for a function pointer, a member… */
  declId?: string;
}

/** A FunctionDecl of the file: where its name is and whether it has a body. */
interface FunctionDeclared {
  offset: number;
  body: boolean;
  previousDecl?: string;
}

/** What the AST pass gathers besides the definitions. */
interface Gathered {
  calls: CalledName[];
  functions: Map<string, FunctionDeclared>;
}

/**
 * What clang says about one C file: its definitions, the calls its functions make (with the
 * function each names: at its definition when the file has one, else at its prototypes; none
 * for a call through a pointer or of a function declared elsewhere) and the lines the
 * preprocessor kept.
 */
export interface CTruth {
  defs: TruthDef[];
  calls: JudgedCall[];
  /** 1-based lines of the file that reach the compiler (the rest is in a false `#if`). */
  activeLines: Set<number>;
}

/**
 * Clang's view of one C file (`-fparse-all-comments`, so plain comments count as docs, as C code
 * writes them): functions (a prototype and its definition are one function, at the definition,
 * with the definition's comment or else the first one a declaration of it has), named structs,
 * unions and enums with a body, and typedefs. A plain comment is a doc only right above its
 * declaration; a Doxygen one (`/**`, `///`) also across blank lines, as Doxygen reads it.
 */
export async function cTruth(path: string, defines: string[]): Promise<CTruth> {
  const source = sourceText(readFileSync(path, 'latin1'));
  const lineOf = source.lineOf;
  const gathered: Gathered = { calls: [], functions: new Map() };
  const self = basename(path);
  const declared: Declared[] = [];
  await streamClangAst(
    'clang',
    ['-fparse-all-comments', ...defines.map((d) => `-D${d}`), path],
    basename,
    (node) => {
      collect(node, self, declared);
      gather(node, self, gathered);
    },
  );
  const functions = new Map<string, Declared[]>();
  const defs: TruthDef[] = [];
  const docOf = (d: Declared) => attachedDoc(source, d.comment, d.begin);
  for (const d of declared) {
    if (d.kind === 'function') {
      functions.set(d.name, [...(functions.get(d.name) ?? []), d]);
      continue;
    }
    defs.push({ kind: d.kind, qualname: d.name, line: lineOf(d.begin), doc: docOf(d) });
  }
  for (const [name, decls] of functions) {
    const chosen = decls.find((d) => d.body) ?? decls[0]!;
    const doc = docOf(chosen) ?? decls.map(docOf).find((text) => text !== null) ?? null;
    defs.push({
      kind: 'function',
      qualname: name,
      line: lineOf(chosen.begin),
      doc,
      params: chosen.params ?? [],
    });
  }
  return {
    defs,
    calls: judgedCalls(gathered, basename(path), lineOf),
    activeLines:
      activeLines('clang', [...defines.map((d) => `-D${d}`), path], basename).get(self) ??
      new Set(),
  };
}

/**
 * The gathered calls with their callees' places: a function's definition when the file has one
 * (a call through a prototype reaches it), else every declaration of it in the file.
 */
function judgedCalls(
  gathered: Gathered,
  file: string,
  lineOf: (offset: number) => number,
): JudgedCall[] {
  const redeclarations = new Map<string, FunctionDeclared[]>();
  const firstOf = (id: string) => {
    let current = id;
    for (let decl = gathered.functions.get(current); decl?.previousDecl;) {
      if (!gathered.functions.has(decl.previousDecl)) break;
      current = decl.previousDecl;
      decl = gathered.functions.get(current);
    }
    return current;
  };
  for (const [id, decl] of gathered.functions) {
    const first = firstOf(id);
    redeclarations.set(first, [...(redeclarations.get(first) ?? []), decl]);
  }
  return gathered.calls.map((call) => {
    const decls = call.declId ? (redeclarations.get(firstOf(call.declId)) ?? []) : [];
    const definition = decls.filter((d) => d.body);
    return {
      file,
      line: lineOf(call.offset),
      name: call.name,
      decls: (definition.length ? definition : decls).map((d) => ({
        file,
        line: lineOf(d.offset),
      })),
    };
  });
}

/** The callee expression under casts and parentheses. */
function calleeOf(call: AstNode): AstNode | undefined {
  let callee = call.inner?.[0];
  while (callee && (callee.kind === 'ImplicitCastExpr' || callee.kind === 'ParenExpr'))
    callee = callee.inner?.[0];
  return callee;
}

/** Records one top-level node's FunctionDecls and every call written in the file under it. */
function gather(node: AstNode, self: string, gathered: Gathered): void {
  const at = place(node.loc);
  if (node.kind === 'FunctionDecl' && node.id && at?.file === self && !node.isImplicit) {
    const entry: FunctionDeclared = {
      offset: at.offset,
      body: node.inner?.some((c) => c.kind === 'CompoundStmt') ?? false,
    };
    if (node.previousDecl) entry.previousDecl = node.previousDecl;
    gathered.functions.set(node.id, entry);
  }
  const visit = (n: AstNode) => {
    if (n.kind === 'CallExpr') {
      const callee = calleeOf(n);
      // an expression has no `loc`: a name's range is the name, a member's ends with it
      const loc = callee?.kind === 'MemberExpr' ? callee.range?.end : callee?.range?.begin;
      const written = place(loc);
      if (callee && written?.file === self && !fromMacro(loc)) {
        if (callee.kind === 'DeclRefExpr' && callee.referencedDecl?.name) {
          const ref = callee.referencedDecl;
          gathered.calls.push({
            name: ref.name!,
            offset: written.offset,
            ...(ref.kind === 'FunctionDecl' && ref.id ? { declId: ref.id } : {}),
          });
        } else if (callee.kind === 'MemberExpr' && callee.name)
          gathered.calls.push({ name: callee.name, offset: written.offset });
      }
    }
    for (const child of n.inner ?? []) visit(child);
  };
  visit(node);
}

/** Collects the definitions of one top-level node; C's tags count wherever they are written. */
function collect(node: AstNode, self: string, out: Declared[]): void {
  const begin = place(node.range?.begin);
  let entry: Declared | undefined;
  if (begin?.file === self && !node.isImplicit && node.name) {
    if (node.kind === 'FunctionDecl')
      entry = { kind: 'function', name: node.name, begin: begin.offset, params: [] };
    else if (node.kind === 'RecordDecl' && node.completeDefinition)
      entry = { kind: 'struct', name: node.name, begin: begin.offset };
    else if (node.kind === 'EnumDecl' && node.inner?.some((c) => c.kind === 'EnumConstantDecl'))
      entry = { kind: 'enum', name: node.name, begin: begin.offset };
    else if (node.kind === 'TypedefDecl')
      entry = { kind: 'type', name: node.name, begin: begin.offset };
  }
  if (entry) out.push(entry);
  for (const child of node.inner ?? []) {
    if (entry?.kind === 'function' && child.kind === 'ParmVarDecl')
      entry.params!.push(child.name ?? '');
    if (entry?.kind === 'function' && child.kind === 'CompoundStmt') entry.body = true;
    if (entry && child.kind === 'FullComment') entry.comment = commentRange(node);
    // a struct written inside a struct is a file-scope tag too
    if (child.kind === 'RecordDecl' || child.kind === 'EnumDecl') collect(child, self, out);
  }
  // `int printf(const char *, ...)`: the `...` is a parameter as written
  if (entry?.kind === 'function' && node.variadic) entry.params!.push('...');
}
