import ts from 'typescript';
import type { TsTruth } from './typescript-defs.ts';

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** JSDoc text of a node without markers, whitespace-collapsed (as typescript-defs reads it). */
function jsDocText(node: ts.Node): string | null {
  // jsDoc is internal to the compiler but stable for years; it is what editors show on hover.
  const docs = (node as unknown as { jsDoc?: ts.JSDoc[] }).jsDoc;
  const last = docs?.[docs.length - 1];
  if (!last) return null;
  const body = last
    .getText()
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\*(?!\*)/, ''))
    .join('\n');
  return collapse(body);
}

type FunctionValue = ts.FunctionExpression | ts.ArrowFunction;
const isFunctionValue = (n: ts.Node): n is FunctionValue =>
  ts.isFunctionExpression(n) || ts.isArrowFunction(n);

/** The compiler's AssignmentDeclarationKind values the truth reads (the enum is internal). */
const Assignment = {
  ExportsProperty: 1,
  ModuleExports: 2,
  PrototypeProperty: 3,
  Property: 5,
  Prototype: 6,
} as const;

// a compiler that renumbered them would make every figure wrong: fail loudly instead
const runtimeKinds = (ts as unknown as { AssignmentDeclarationKind?: Record<string, number> })
  .AssignmentDeclarationKind;
for (const [name, value] of Object.entries(Assignment)) {
  if (runtimeKinds && runtimeKinds[name] !== value)
    throw new Error(`AssignmentDeclarationKind.${name} is not ${value} in this compiler`);
}

// internal to the compiler (what its JS binder calls to classify `a.b = …`), present at runtime
const assignmentKind = (ts as unknown as { getAssignmentDeclarationKind(e: ts.Node): number })
  .getAssignmentDeclarationKind;

/** `a.b.c` of a property access chain, or undefined when a part is not a plain name. */
function dottedName(node: ts.Expression): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isPropertyAccessExpression(node)) {
    const left = dottedName(node.expression);
    return left === undefined ? undefined : `${left}.${node.name.text}`;
  }
  return undefined;
}

/** Symbol tables the binder keeps on symbols and files (internal, present at runtime). */
interface BoundTables {
  exports?: Map<string, ts.Symbol>;
  members?: Map<string, ts.Symbol>;
  locals?: Map<string, ts.Symbol>;
  symbol?: ts.Symbol;
}

/**
 * Every node the binder made a declaration of: the file's exports and locals, and the static
 * (`exports`) and prototype (`members`) properties hung on them, at any depth.
 */
function boundDeclarations(file: ts.SourceFile): Set<ts.Node> {
  const out = new Set<ts.Node>();
  const seen = new Set<ts.Symbol>();
  const walk = (symbol: ts.Symbol) => {
    if (seen.has(symbol)) return;
    seen.add(symbol);
    for (const declaration of symbol.declarations ?? []) out.add(declaration);
    const tables = symbol as unknown as BoundTables;
    for (const table of [tables.exports, tables.members]) table?.forEach(walk);
  };
  const tables = file as unknown as BoundTables;
  if (tables.symbol) walk(tables.symbol);
  tables.locals?.forEach(walk);
  return out;
}

/** The function a value is, also behind `cond &&`, `a ||` and parentheses. */
function guardedFunction(node: ts.Expression): FunctionValue | undefined {
  let at: ts.Expression = node;
  for (;;) {
    if (ts.isParenthesizedExpression(at)) at = at.expression;
    else if (
      ts.isBinaryExpression(at) &&
      (at.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken ||
        at.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    )
      at = at.right;
    else break;
  }
  return isFunctionValue(at) ? at : undefined;
}

/** An assignment that is a statement of the module (`exports = module.exports = …` too). */
function moduleStatement(node: ts.BinaryExpression): boolean {
  let at: ts.Node = node.parent;
  while (ts.isBinaryExpression(at) && at.operatorToken.kind === ts.SyntaxKind.EqualsToken)
    at = at.parent;
  return ts.isExpressionStatement(at) && ts.isSourceFile(at.parent);
}

/** The function at the end of `a = b = function () {}`, if the chain ends in one. */
function chainedFunction(node: ts.Expression): FunctionValue | undefined {
  let at: ts.Expression = node;
  while (ts.isBinaryExpression(at) && at.operatorToken.kind === ts.SyntaxKind.EqualsToken)
    at = at.right;
  return isFunctionValue(at) ? at : undefined;
}

/**
 * What the TypeScript compiler's JS binder declares in a CommonJS file, in the engine's terms
 * (named declarations at any depth, nested ones qualified by the enclosing function or class):
 * function declarations, classes and their members, variables holding functions, and the
 * functions assigned where the binder binds an assignment as a declaration (its `symbol` is set
 * once the file is bound): `exports.f = function`, `X.prototype.m = function`, `X.m = function`
 * on a declared container, the functions of `X.prototype = { … }` and of
 * `module.exports = { … }`. Two additions the binder does not make, both stated here: a
 * variable given a function through a chain (`var proto = module.exports = function () {}`) is
 * that function, and is a container for `proto.use = function` like a declared function is;
 * and `module.exports = function name() {}` as a statement of the module (also guarded,
 * `module.exports = cond && function…`) is that function, named as it is or `default`, holding
 * what it declares. `this.x = …` is not listed (the engine names it not).
 */
export function javascriptTruth(file: ts.SourceFile): TsTruth[] {
  const out: TsTruth[] = [];
  const seen = new Map<string, number>();
  const containers = new Set<string>();
  const add = (
    kind: string,
    qualname: string,
    doc: string | null,
    fn?: ts.SignatureDeclaration,
  ): string => {
    const base = `${qualname}#${kind}`;
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    const entry: TsTruth = { key: `${base}#${count}`, kind, qualname, doc };
    if (fn) entry.params = fn.parameters.map((p) => collapse(p.name.getText(file)));
    out.push(entry);
    return `${qualname}.`;
  };
  const literalFunctions = (
    literal: ts.ObjectLiteralExpression,
    kind: 'function' | 'method',
    prefix: string,
  ) => {
    for (const member of literal.properties) {
      const fn =
        ts.isMethodDeclaration(member) || ts.isGetAccessor(member) || ts.isSetAccessor(member)
          ? member
          : ts.isPropertyAssignment(member) && isFunctionValue(member.initializer)
            ? member.initializer
            : undefined;
      if (!fn || !member.name) {
        visit(member, '');
        continue;
      }
      const name = member.name.getText(file).replace(/^['"]|['"]$/g, '');
      const inner = add(kind, `${prefix}${name}`, jsDocText(member), fn);
      ts.forEachChild(fn, (c) => visit(c, inner));
    }
  };
  // a container declared in the enclosing function (`var Stream = function…` inside it) is
  // qualified by that function, as the engine qualifies it; any other by its own name
  const declaredHere = (prefix: string, target: string) =>
    prefix !== '' && ['function', 'class'].some((kind) => seen.has(`${prefix}${target}#${kind}`));
  const declarations = boundDeclarations(file);
  const assignment = (node: ts.BinaryExpression, prefix: string): boolean => {
    // the binder declares the assignment or its left side, depending on the form
    const bound = declarations.has(node) || declarations.has(node.left);
    const left = ts.isPropertyAccessExpression(node.left) ? node.left : undefined;
    const target = left ? dottedName(left.expression) : undefined;
    if (!left || target === undefined) return false;
    const kind = assignmentKind(node);
    const statement = ts.isExpressionStatement(node.parent) ? node.parent : undefined;
    const doc = statement ? jsDocText(statement) : null;
    const right = node.right;
    const root = target.split('.')[0]!;
    if (
      (bound && kind === Assignment.ModuleExports) ||
      (target === 'module' && left.name.text === 'exports')
    ) {
      if (ts.isObjectLiteralExpression(right)) {
        literalFunctions(right, 'function', '');
        return true;
      }
      const fn = guardedFunction(right);
      if (fn && prefix === '' && moduleStatement(node)) {
        const name = !ts.isArrowFunction(fn) && fn.name ? fn.name.text : 'default';
        const inner = add('function', name, doc, fn);
        ts.forEachChild(fn, (c) => visit(c, inner));
        return true;
      }
      return false;
    }
    if (!isFunctionValue(right) && !ts.isObjectLiteralExpression(right)) return false;
    let qualname: string | undefined;
    let member: 'function' | 'method' = 'method';
    if (bound && kind === Assignment.ExportsProperty) {
      const container = target.replace(/^(module\.)?exports\.?/, '');
      qualname = `${container ? `${container}.` : ''}${left.name.text}`;
      if (!container) member = 'function';
    } else if (
      (bound && kind === Assignment.PrototypeProperty) ||
      (containers.has(root) && /^[\w$]+\.prototype$/.test(target))
    ) {
      qualname = `${target.replace(/\.prototype$/, '')}.${left.name.text}`;
    } else if (
      (bound && kind === Assignment.Prototype) ||
      (containers.has(root) && left.name.text === 'prototype')
    ) {
      if (ts.isObjectLiteralExpression(right))
        literalFunctions(
          right,
          'method',
          `${declaredHere(prefix, target) ? prefix : ''}${target}.`,
        );
      return ts.isObjectLiteralExpression(right);
    } else if (
      (bound && kind === Assignment.Property) ||
      (containers.has(root) && !target.includes('prototype'))
    ) {
      qualname = `${target}.${left.name.text}`;
    }
    if (qualname === undefined || !isFunctionValue(right)) return false;
    // nested assignment functions are qualified by where they are declared, as the engine does
    const inner = add(member, `${prefix && !bound ? prefix : prefix}${qualname}`, doc, right);
    ts.forEachChild(right, (c) => visit(c, inner));
    return true;
  };
  const visit = (node: ts.Node, prefix: string): void => {
    if (ts.isFunctionDeclaration(node) && node.name) {
      containers.add(node.name.text);
      const inner = add('function', `${prefix}${node.name.text}`, jsDocText(node), node);
      ts.forEachChild(node, (c) => visit(c, inner));
      return;
    }
    if (ts.isClassDeclaration(node) && node.name) {
      const inner = add('class', `${prefix}${node.name.text}`, jsDocText(node));
      for (const m of node.members) {
        if (
          (ts.isMethodDeclaration(m) ||
            ts.isGetAccessor(m) ||
            ts.isSetAccessor(m) ||
            ts.isConstructorDeclaration(m)) &&
          (m.name || ts.isConstructorDeclaration(m))
        ) {
          const ctor = ts.isConstructorDeclaration(m);
          const name = ctor ? 'constructor' : m.name!.getText(file);
          const own = add(ctor ? 'constructor' : 'method', `${inner}${name}`, jsDocText(m), m);
          ts.forEachChild(m, (c) => visit(c, own));
        } else if (ts.isPropertyDeclaration(m) && m.initializer && isFunctionValue(m.initializer)) {
          const own = add('method', `${inner}${m.name.getText(file)}`, jsDocText(m), m.initializer);
          ts.forEachChild(m.initializer, (c) => visit(c, own));
        } else ts.forEachChild(m, (c) => visit(c, inner));
      }
      return;
    }
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      const statement = node.parent.parent;
      const doc = ts.isVariableStatement(statement) ? jsDocText(statement) : null;
      const fn = chainedFunction(node.initializer);
      containers.add(node.name.text);
      if (fn) {
        const inner = add('function', `${prefix}${node.name.text}`, doc, fn);
        ts.forEachChild(fn, (c) => visit(c, inner));
        return;
      }
    }
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      assignment(node, prefix)
    )
      return;
    if (ts.isClassExpression(node)) {
      ts.forEachChild(node, (c) => visit(c, prefix));
      return;
    }
    ts.forEachChild(node, (c) => visit(c, prefix));
  };
  ts.forEachChild(file, (c) => visit(c, ''));
  return out;
}

/** Binds a batch of JavaScript files with the compiler (no type checking, no resolution). */
export function bindJavaScript(paths: string[]): ts.SourceFile[] {
  const program = ts.createProgram(paths, {
    allowJs: true,
    noResolve: true,
    noLib: true,
    types: [],
    target: ts.ScriptTarget.Latest,
  });
  // creating the checker binds every file: declarations get their symbols
  program.getTypeChecker();
  return paths.flatMap((path) => {
    const file = program.getSourceFile(path);
    return file ? [file] : [];
  });
}
