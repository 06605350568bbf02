import type { Reference } from '../model.ts';

/** Test files sort first in usage lists: they show how an object is meant to be used. */
export function isTestPath(path: string): boolean {
  return (
    /(^|\/)(tests?|__tests__|spec)\//.test(path) ||
    /[._-](test|spec)\.[^/]+$/.test(path) ||
    /(^|\/)test_[^/]+\.py$/.test(path)
  );
}

/** What an object calls (resolved and external), in source order. */
export function callsOf(references: readonly Reference[], id: string): Reference[] {
  return references.filter((r) => r.kind === 'call' && r.fromId === id);
}

/** Who calls an object: the resolved call edges pointing at it. */
export function calledBy(references: readonly Reference[], id: string): Reference[] {
  return references.filter((r) => r.kind === 'call' && r.toId === id);
}

/**
 * Every place an object is used (calls, type uses, heritage) with line and snippet, tests
 * first, then by file and line, so the first entry is the best example.
 */
export function usagesOf(references: readonly Reference[], id: string): Reference[] {
  return references
    .filter((r) => r.toId === id && r.kind !== 'import')
    .sort(
      (a, b) =>
        Number(isTestPath(b.fromFile)) - Number(isTestPath(a.fromFile)) ||
        a.fromFile.localeCompare(b.fromFile) ||
        a.line - b.line,
    );
}
