import type { Node } from '../parse/flat-tree.ts';
import { namedKids } from './nodes.ts';

/**
 * Whether every ancestor of a declaration is one an API declaration may sit in: a method of an
 * anonymous class, a class local to a method or a type inside a function body is not API.
 */
export function inApiScope(node: Node, scopes: ReadonlySet<string>): boolean {
  for (let at = node.parent; at; at = at.parent) if (!scopes.has(at.type)) return false;
  return true;
}

/** Whether a declaration sits inside one of the given node types (Ruby: a `def` in a `def`). */
export function inLocalScope(node: Node, scopes: ReadonlySet<string>): boolean {
  for (let at = node.parent; at; at = at.parent)
    if (scopes.has(at.type) && !delegationBody(at)) return true;
  return false;
}

/**
 * tree-sitter-kotlin reads the body of `class C(d: R) : R by d { … }` as a lambda passed to `d`
 * (a call with a trailing lambda): that lambda is the class's body, its members the class's.
 */
function delegationBody(node: Node): boolean {
  const call = node.type === 'lambda_literal' ? node.parent?.parent?.parent : undefined;
  return (
    node.parent?.type === 'annotated_lambda' &&
    call?.type === 'call_expression' &&
    call.parent?.type === 'explicit_delegation'
  );
}

/**
 * The names a Go `const_spec` declares, read as its identifier children (the grammar's `name`
 * field loses the first of ten or more names), without the blank `_`.
 */
export function goConstantNames(node: Node): string[] {
  return namedKids(node)
    .filter((c) => c.type === 'identifier' && c.text !== '_')
    .map((c) => c.text);
}
