import type { Node } from '../parse/flat-tree.ts';
import type { CodeFacts } from './facts.ts';
import type { FactSyntax } from './syntax.ts';
import { argumentsOf, calleeText, joinConditions, pathTo, short } from './tree.ts';

/*
 * The raises languages spell as calls rather than as a `throw`: Ruby's `raise`/`fail`, Rust's
 * `panic!` and its kin, `assert!`, `Err(…)`, anyhow's `bail!` and `.unwrap()`/`.expect()`.
 */

/** Whether a call raises, panics or builds an error (`raise`, `panic!`, `Err(…)`, `.unwrap()`). */
export function isRaiseCall(node: Node, syntax: FactSyntax): boolean {
  if (!syntax.calls.includes(node.type)) return false;
  const callee = calleeText(node);
  if (!callee) return false;
  const method = /(?:\.|->)(\w+)$/.exec(callee)?.[1];
  return (
    !!syntax.raiseCalls?.includes(callee) ||
    !!syntax.panicCalls?.includes(callee) ||
    !!syntax.errorCalls?.includes(callee) ||
    Object.hasOwn(syntax.assertCalls ?? {}, callee) ||
    (!!method && !!syntax.panicMethods?.includes(method))
  );
}

/** The class a raise names: `raise KeyError`, `raise KeyError.new(…)`, `Err(Error::Empty)`. */
function namedType(argument: Node | string | undefined): string | undefined {
  const text = typeof argument === 'string' ? argument : argument?.text;
  if (!text) return undefined;
  const type = /^((?:[A-Z]\w*::)*[A-Z]\w*)(?:(?:\.|::)(?:new|from)\b|\s*\(|\s*\{|$)/.exec(text);
  return type?.[1];
}

/**
 * The raises a language spells as calls: Ruby's `raise`, Rust's `panic!`, `assert!`, `Err(…)`,
 * `bail!` and `.unwrap()`. Records it and says true when the call is one.
 */
export function languageRaise(
  node: Node,
  callee: string,
  body: Node,
  syntax: FactSyntax,
  raise: (entry: CodeFacts['raises'][number]) => void,
): boolean {
  if (!isRaiseCall(node, syntax)) return false;
  const path = pathTo(node, body, syntax);
  const args = argumentsOf(node);
  if (syntax.raiseCalls?.includes(callee)) {
    const first = node.childForFieldName('arguments')?.namedChildren[0];
    // `raise "message"` raises a RuntimeError
    const type =
      (first?.type === 'string' ? 'RuntimeError' : namedType(first ?? undefined)) ?? path.caught;
    if (type) raise({ type, ...path });
  } else if (syntax.errorCalls?.includes(callee)) {
    raise({ type: namedType(args[0]) ?? 'Err', ...path });
  } else if (Object.hasOwn(syntax.assertCalls ?? {}, callee)) {
    const negate = syntax.negate ?? ((c: string) => `not (${c})`);
    const kind = syntax.assertCalls![callee];
    const failed =
      kind === 'true'
        ? args[0] && negate(args[0])
        : args.length >= 2 && `${args[0]} ${kind === 'eq' ? '!=' : '=='} ${args[1]}`;
    const when =
      failed &&
      short(
        joinConditions(
          [path.when, failed].filter((c): c is string => !!c),
          syntax,
        ),
        110,
      );
    raise({ type: 'panic', ...path, ...(when ? { when } : {}) });
  } else if (syntax.panicCalls?.includes(callee)) {
    raise({ type: 'panic', ...path });
  } else {
    // `.unwrap()` and `.expect(…)` on the value before them
    const receiver = node.childForFieldName('function')?.namedChildren[0];
    const failing = receiver && (short(receiver.text, 50) ?? calleeText(receiver));
    const by = /(\w+)$/.exec(callee)![1]!;
    if (failing) raise({ type: 'panic', ...path, failing, by });
  }
  return true;
}
