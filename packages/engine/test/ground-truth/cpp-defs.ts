import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
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
  type Loc,
  type SourceText,
} from './clang-ast.ts';

/** What clang says about a set of C++ headers: each one's definitions and its compiled lines. */
export interface CppTruth {
  files: Map<string, TruthDef[]>;
  /** 1-based lines of each file that reach the compiler (the rest is in a false `#if`). */
  activeLines: Map<string, Set<number>>;
}

/** The declarations of functions, by clang's node kind, and the engine's kind for each. */
const FUNCTION_KINDS: Record<string, string> = {
  FunctionDecl: 'function',
  CXXMethodDecl: 'method',
  CXXDestructorDecl: 'method',
  CXXConversionDecl: 'method',
  CXXConstructorDecl: 'constructor',
};

/** A template's parameters, which come before the declaration it makes a template of. */
const TEMPLATE_PARAMETERS = new Set([
  'TemplateTypeParmDecl',
  'NonTypeTemplateParmDecl',
  'TemplateTemplateParmDecl',
]);

/**
 * Clang's view of C++ files, compiled as one translation unit that includes them all
 * (`clang++ -std=c++20 -fparse-all-comments`, plain comments counting as docs as C++ code writes
 * them): named namespaces (one per block that opens one), classes, structs and unions with a
 * body, enums with a body, typedefs and aliases, and every function, method, constructor,
 * destructor and operator written in the files: a declaration in a class and its definition
 * out of line are two, as a reader finds them; a friend defined in a class (a hidden friend) is a
 * function of that class's scope. Qualified names join scopes with dots; an
 * anonymous namespace adds none. A template's definition is its class or function, at that
 * declaration's line (after `template <…>`). Only code outside function bodies counts (a local
 * class is not API), and what the compiler makes on its own (implicit members, instantiations)
 * is not written, so it is not there.
 */
export async function cppTruth(
  files: string[],
  args: string[],
  includes: string[] = files,
): Promise<CppTruth> {
  const dir = mkdtempSync(join(tmpdir(), 'cpp-truth-'));
  try {
    // the translation unit includes `includes` in order: the files themselves, or a project's
    // own unit that includes its sources in its order (and headers after it, guarded)
    const unit = join(dir, 'all.cc');
    writeFileSync(unit, includes.map((h) => `#include "${resolve(h)}"\n`).join(''));
    const wanted = new Set(files.map((h) => resolve(h)));
    const compile = ['-x', 'c++', '-std=c++20', ...args, unit];
    const defs = new Map<string, TruthDef[]>([...wanted].map((h) => [h, []]));
    const reader = new CppReader(defs);
    await streamClangAst('clang++', ['-fparse-all-comments', ...compile], resolve, (node) =>
      reader.visit(node, []),
    );
    const active = activeLines('clang++', compile, resolve);
    return {
      files: defs,
      activeLines: new Map(
        [...wanted].map((h) => [h, withMacroArguments(reader.text(h), active.get(h))]),
      ),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Walks clang's declarations, writing each header's definitions. */
class CppReader {
  /** Qualified names of the namespaces and classes seen, by node id, for out-of-line members. */
  private readonly scopes = new Map<string, string[]>();
  private readonly sources = new Map<string, SourceText>();

  constructor(private readonly files: Map<string, TruthDef[]>) {}

  text(file: string): string {
    return this.source(file).text;
  }

  private source(file: string): SourceText {
    let source = this.sources.get(file);
    if (!source) {
      source = sourceText(readFileSync(file, 'latin1'));
      this.sources.set(file, source);
    }
    return source;
  }

  /**
   * Records a definition whose declaration is `node`; `outer` is the template around it, whose
   * `template <…>` line a comment above it sits next to.
   */
  private add(node: AstNode, def: Omit<TruthDef, 'line' | 'doc'>, outer: AstNode): void {
    let begin = place(node.range?.begin);
    const defs = begin && this.files.get(begin.file);
    if (!begin || !defs) return;
    const source = this.source(begin.file);
    // a declaration a macro writes (`ALLOW_COPY_AND_MOVE(CreateParams)`) is not in the text,
    // but one a macro wraps (`NODE_DEPRECATED("…", inline int f(…) { … })`) is, and a function
    // a macro defines around a name written in the text (`NODE_METHOD(X::f) { … }`) is that
    // function, its parameters the macro's
    if (fromMacro(node.loc)) {
      // (the macro's use: where the name's expansion is, `NODE_METHOD` of `static NODE_METHOD(f)`)
      const use = place(node.loc)!;
      const end = macroUseEnd(source.text, use.offset);
      // whether a location is spelled in the text the macro is used on (one of its arguments)
      const written = (loc: Loc | undefined) => {
        const at = place(loc?.spellingLoc ?? loc);
        return at?.file === use.file && at.offset >= use.offset && at.offset <= end;
      };
      if (!def.params || !written(node.loc)) return;
      const params = node.inner?.filter((child) => child.kind === 'ParmVarDecl') ?? [];
      if (params.length && params.every((p) => written(p.loc)))
        begin = place(node.loc?.spellingLoc)!;
      else if (node.inner?.some((child) => child.kind === 'CompoundStmt'))
        def = { kind: def.kind, qualname: def.qualname };
      else return;
    }
    const comment = commentRange(node) ?? commentRange(outer);
    const first = place(outer.range?.begin)?.offset ?? begin.offset;
    defs.push({
      ...def,
      line: source.lineOf(declarationStart(source.text, begin.offset)),
      doc: utf8(attachedDoc(source, comment, first)),
    });
  }

  /** The source character at a location. */
  textAt(loc: Loc | undefined, length = 1): string {
    const at = place(loc);
    return at && this.files.has(at.file)
      ? this.source(at.file).text.slice(at.offset, at.offset + length)
      : '';
  }

  /** The text from a declaration's name (its location) on, up to 400 characters. */
  nameText(node: AstNode): string {
    return this.textAt(node.loc, 400);
  }

  visit(node: AstNode, scope: string[], outer: AstNode = node): void {
    if (node.isImplicit) return;
    const kind = node.kind ?? '';
    const inner = node.inner ?? [];
    if (kind === 'NamespaceDecl') {
      const here = node.name ? [...scope, node.name] : scope;
      if (node.id) this.scopes.set(node.id, here);
      if (node.name) this.add(node, { kind: 'namespace', qualname: here.join('.') }, node);
      for (const child of inner) this.visit(child, here);
    } else if (kind === 'FriendDecl') {
      // a hidden friend defined in the class (`friend bool operator==(A, A) { … }`) is a
      // function the class holds; a friend declaration names what is declared elsewhere
      const fn = inner.find((child) => child.kind === 'FunctionDecl');
      if (fn?.inner?.some((child) => child.kind === 'CompoundStmt'))
        this.visit({ ...fn, parentDeclContextId: undefined }, scope);
    } else if (kind === 'LinkageSpecDecl') {
      for (const child of inner) this.visit(child, scope);
    } else if (
      kind === 'CXXRecordDecl' ||
      kind === 'ClassTemplateSpecializationDecl' ||
      kind === 'ClassTemplatePartialSpecializationDecl'
    ) {
      if (!node.name) return;
      // a specialization is named as written, with its arguments: `SmiTagging<4>`
      const name = kind === 'CXXRecordDecl' ? node.name : writtenName(this, node);
      const here = [...scope, name];
      if (node.id) this.scopes.set(node.id, here);
      if (!node.completeDefinition) return;
      // (a union is a struct in the engine's vocabulary, as in C's)
      const tag = node.tagUsed === 'struct' || node.tagUsed === 'union' ? 'struct' : 'class';
      this.add(node, { kind: tag, qualname: here.join('.') }, outer);
      for (const child of inner) this.visit(child, here);
    } else if (kind === 'ClassTemplateDecl' || kind === 'FunctionTemplateDecl') {
      // the templated declaration; the instantiations after it are the compiler's
      const templated = inner.find((child) => !TEMPLATE_PARAMETERS.has(child.kind ?? ''));
      if (templated) this.visit(templated, scope, node);
      // a member defined for one instantiation (`template <> void CastCheck<true>::Perform`)
      // is the template's, as written
      for (const child of inner)
        if (child.kind === 'ClassTemplateSpecializationDecl' && child.id && templated?.name)
          this.scopes.set(child.id, [...scope, templated.name]);
    } else if (kind === 'TypeAliasTemplateDecl') {
      const alias = inner.find((child) => child.kind === 'TypeAliasDecl');
      if (alias) this.visit(alias, scope, node);
    } else if (kind === 'EnumDecl') {
      // a definition has a body, `enum class AlignVal : size_t {}` too; a declaration does not
      if (node.name && this.textAt(node.range?.end) === '}')
        this.add(node, { kind: 'enum', qualname: [...scope, node.name].join('.') }, outer);
    } else if (kind === 'TypedefDecl' || kind === 'TypeAliasDecl') {
      if (node.name)
        this.add(node, { kind: 'type', qualname: [...scope, node.name].join('.') }, outer);
    } else if (kind in FUNCTION_KINDS && node.name) {
      // an out-of-line member belongs to its class, wherever it is written
      const owner =
        (node.parentDeclContextId && this.scopes.get(node.parentDeclContextId)) || scope;
      // a class template's constructor is named `ReturnValue<T>` by clang, `ReturnValue` in C++
      const name =
        kind === 'CXXConstructorDecl' || kind === 'CXXDestructorDecl'
          ? node.name.replace(/<.*/, '')
          : kind === 'CXXConversionDecl'
            ? writtenName(this, node) // clang names `operator T*` `operator type-parameter-0-0 *`
            : node.name;
      const params = inner.filter((c) => c.kind === 'ParmVarDecl').map((c) => c.name ?? '');
      // `void f(const char *, ...)`: the `...` is a parameter as written
      if (node.variadic) params.push('...');
      this.add(
        node,
        { kind: FUNCTION_KINDS[kind]!, qualname: [...owner, name].join('.'), params },
        outer,
      );
    }
  }
}

/** Text read byte for byte (as clang's offsets count) back as the UTF-8 it is. */
const utf8 = (text: string | null) =>
  text === null ? null : Buffer.from(text, 'latin1').toString('utf8');

/**
 * A name as the source writes it, spaces collapsed: a specialization's with its arguments
 * (`TraceTrait<v8::TracedReference<T>>`), a conversion's with its type (`operator T*`).
 */
function writtenName(reader: CppReader, node: AstNode): string {
  const text = reader.nameText(node);
  if (node.kind === 'CXXConversionDecl') {
    const head = /^operator\b[^(]*/.exec(text);
    return head
      ? head[0]
          .replace(/\s+/g, ' ')
          .replace(/ (?=[*&])/g, '')
          .trim()
      : node.name!;
  }
  const open = text.indexOf('<');
  if (!text.startsWith(node.name!) || open !== node.name!.length) return node.name!;
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '<') depth++;
    else if (text[i] === '>' && --depth === 0)
      return text
        .slice(0, i + 1)
        .replace(/\s+/g, ' ')
        .replace(/([<(]) | (?=[>),])/g, '$1');
  }
  return node.name!;
}

/**
 * Where a declaration starts as the engine counts it: after the `template <…>` heads clang
 * counts in an out-of-line member's range (`template <typename T> template <typename S> void
 * ReturnValue<T>::Set(…)`) and the attribute macros written before it (`NODE_EXTERN` on a line
 * of its own, `V8_DEPRECATE_SOON("…")`), which the engine reads as decoration.
 */
function declarationStart(text: string, offset: number): number {
  let at = offset;
  for (;;) {
    const head = /^(?:template\s*<|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+_?\b\s*\(?)/.exec(
      text.slice(at, at + 80),
    );
    if (!head) return at;
    const open = head[0].endsWith('<') ? '<' : head[0].endsWith('(') ? '(' : '';
    const close = open === '<' ? '>' : ')';
    let i = at + head[0].length - 1;
    if (open) {
      let depth = 0;
      for (; i < text.length; i++) {
        if (text[i] === open) depth++;
        else if (text[i] === close && --depth === 0) break;
      }
    }
    at = i + 1;
    while (/\s/.test(text[at] ?? '')) at++;
  }
}

/** The end of a macro's use at `offset`: its closing parenthesis, or its name's end. */
function macroUseEnd(text: string, offset: number): number {
  const head = /^\w+\s*\(/.exec(text.slice(offset, offset + 200));
  if (!head) return offset + (/^\w+/.exec(text.slice(offset))?.[0].length ?? 0);
  let depth = 0;
  for (let i = offset + head[0].length - 1; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") {
      for (i++; i < text.length && text[i] !== c; i++) if (text[i] === '\\') i++;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return text.length;
}

/**
 * The active lines `clang -E` reports, with the lines a macro's arguments run over: the
 * preprocessor writes a use spanning lines (`NODE_DEPRECATED("…",\n inline int f() {…})`) on its
 * first line. A gap between active lines with no conditional directive in it is such a run.
 */
function withMacroArguments(text: string, active: Set<number> | undefined): Set<number> {
  const lines = text.split('\n');
  const out = new Set(active);
  let last = 0;
  for (let line = 1; line <= lines.length; line++) {
    if (/^\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b/.test(lines[line - 1]!)) last = 0;
    else if (out.has(line)) {
      if (last) for (let gap = last + 1; gap < line; gap++) out.add(gap);
      last = line;
    }
  }
  return out;
}
