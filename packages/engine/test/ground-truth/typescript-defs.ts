import ts from 'typescript';

/** One declaration as the TypeScript compiler's parser sees it. */
export interface TsTruth {
  key: string;
  kind: string;
  qualname: string;
  doc: string | null;
  params?: string[];
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** JSDoc text without markers, whitespace-collapsed (the measure compares attachment). */
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

const isFunctionValue = (n: ts.Node | undefined) =>
  !!n && (ts.isArrowFunction(n) || ts.isFunctionExpression(n));

const hasModifier = (n: ts.Node, kind: ts.SyntaxKind) =>
  ts.canHaveModifiers(n) && !!ts.getModifiers(n)?.some((m) => m.kind === kind);

/**
 * Walks a source file with the compiler's parser and lists what the engine should extract,
 * under the same rules (named declarations anywhere; members of named classes and interfaces;
 * variables holding functions; exported top-level constants).
 */
/** An initializer's object literal, also under `as const`, `satisfies T` or parentheses. */
function objectLiteralOf(expression: ts.Expression): ts.ObjectLiteralExpression | undefined {
  let node = expression;
  while (
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isParenthesizedExpression(node)
  ) {
    node = node.expression;
  }
  return ts.isObjectLiteralExpression(node) ? node : undefined;
}

export function typescriptTruth(path: string, text: string): TsTruth[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: TsTruth[] = [];
  const seen = new Map<string, number>();
  const add = (
    kind: string,
    name: string,
    prefix: string,
    doc: string | null,
    params?: ts.NodeArray<ts.ParameterDeclaration>,
  ) => {
    const qualname = prefix + name;
    const count = seen.get(`${qualname}#${kind}`) ?? 0;
    seen.set(`${qualname}#${kind}`, count + 1);
    const entry: TsTruth = { key: `${qualname}#${kind}#${count}`, kind, qualname, doc };
    if (params) entry.params = params.map((p) => collapse(p.name.getText(file)));
    out.push(entry);
    return `${qualname}.`;
  };
  const nameOf = (n: ts.Node & { name?: ts.Node }) =>
    n.name
      ? n.name.getText(file).replace(/^['"]|['"]$/g, '')
      : hasModifier(n, ts.SyntaxKind.DefaultKeyword)
        ? 'default'
        : undefined;

  // members of an exported constant's object literal are the constant's methods
  const literalMembers = new Map<ts.Node, string>();
  const literalMethod = (node: ts.Node, prefix: string): string | undefined => {
    const fn =
      ts.isMethodDeclaration(node) || ts.isGetAccessor(node) || ts.isSetAccessor(node)
        ? node
        : ts.isPropertyAssignment(node) && isFunctionValue(node.initializer)
          ? (node.initializer as ts.ArrowFunction)
          : undefined;
    const name = fn && (node as ts.ObjectLiteralElement).name?.getText(file);
    if (!fn || !name) return undefined;
    const plain = name.replace(/^['"]|['"]$/g, '');
    return add('method', plain, prefix, jsDocText(node), fn.parameters);
  };

  const visit = (node: ts.Node, prefix: string, topLevel: boolean): void => {
    let next = prefix;
    let nextTop = false;
    const parent = node.parent;
    const memberPrefix = literalMembers.get(node);
    if (memberPrefix !== undefined) {
      next = literalMethod(node, memberPrefix) ?? prefix;
    } else if (ts.isFunctionDeclaration(node)) {
      const name = nameOf(node);
      if (name) next = add('function', name, prefix, jsDocText(node), node.parameters);
    } else if (
      (ts.isMethodDeclaration(node) ||
        ts.isGetAccessor(node) ||
        ts.isSetAccessor(node) ||
        ts.isConstructorDeclaration(node)) &&
      ts.isClassDeclaration(parent)
    ) {
      const name = ts.isConstructorDeclaration(node) ? 'constructor' : node.name.getText(file);
      next = add(
        ts.isConstructorDeclaration(node) ? 'constructor' : 'method',
        name,
        prefix,
        jsDocText(node),
        node.parameters,
      );
    } else if (ts.isMethodSignature(node) && ts.isInterfaceDeclaration(parent)) {
      next = add('method', node.name.getText(file), prefix, jsDocText(node), node.parameters);
    } else if (
      ts.isPropertyDeclaration(node) &&
      ts.isClassDeclaration(parent) &&
      isFunctionValue(node.initializer)
    ) {
      const fn = node.initializer as ts.ArrowFunction;
      next = add('method', node.name.getText(file), prefix, jsDocText(node), fn.parameters);
    } else if (ts.isClassDeclaration(node)) {
      const name = nameOf(node);
      if (name) next = add('class', name, prefix, jsDocText(node));
    } else if (ts.isInterfaceDeclaration(node)) {
      next = add('interface', node.name.text, prefix, jsDocText(node));
    } else if (ts.isEnumDeclaration(node)) {
      next = add('enum', node.name.text, prefix, jsDocText(node));
    } else if (ts.isTypeAliasDeclaration(node)) {
      next = add('type', node.name.text, prefix, jsDocText(node));
    } else if (ts.isModuleDeclaration(node) && !(node.flags & ts.NodeFlags.GlobalAugmentation)) {
      const kind = node.flags & ts.NodeFlags.Namespace ? 'namespace' : 'module';
      // `namespace A.B {}` nests declarations; the engine names it A.B once
      let name = node.name.getText(file).replace(/^['"]|['"]$/g, '');
      let inner: ts.ModuleDeclaration = node;
      while (inner.body && ts.isModuleDeclaration(inner.body)) {
        inner = inner.body;
        name += `.${inner.name.getText(file)}`;
      }
      next = add(kind, name, prefix, jsDocText(node));
      nextTop = true;
      if (inner !== node && inner.body) {
        ts.forEachChild(inner.body, (c) => visit(c, next, true));
        return;
      }
    } else if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      const statement = parent.parent;
      const doc = ts.isVariableStatement(statement) ? jsDocText(statement) : null;
      if (isFunctionValue(node.initializer)) {
        next = add(
          'function',
          node.name.text,
          prefix,
          doc,
          (node.initializer as ts.ArrowFunction).parameters,
        );
      } else if (
        topLevel &&
        ts.isVariableStatement(statement) &&
        parent.flags & ts.NodeFlags.Const &&
        hasModifier(statement, ts.SyntaxKind.ExportKeyword)
      ) {
        add('constant', node.name.text, prefix, doc);
        const literal = node.initializer && objectLiteralOf(node.initializer);
        if (literal)
          for (const member of literal.properties)
            literalMembers.set(member, `${prefix}${node.name.text}.`);
      }
    } else if (ts.isClassExpression(node) || ts.isObjectLiteralExpression(node)) {
      // anonymous forms: the engine does not list their members as named objects (except the
      // methods of an exported constant's own literal, registered in literalMembers above)
      ts.forEachChild(node, (c) => visit(c, prefix, false));
      return;
    }
    const stillTop =
      nextTop ||
      (topLevel &&
        (ts.isVariableStatement(node) ||
          ts.isVariableDeclarationList(node) ||
          ts.isModuleBlock(node)));
    ts.forEachChild(node, (c) => visit(c, next, stillTop));
  };
  ts.forEachChild(file, (c) => visit(c, '', true));
  return out;
}
