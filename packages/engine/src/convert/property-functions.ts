/**
 * Functions assigned to properties (`app.use = function use() {}`, `exports.f = () => {}`,
 * `View.prototype.render = function () {}`): CommonJS and pre-class JavaScript declare most of
 * their API this way, and the TypeScript compiler's JS binder treats them as declarations. This
 * module reads what such an assignment declares from the text of its left side alone.
 */

/** Where a property-assigned function belongs, read from `a.b.c` on the left of `=`. */
export interface PropertyTarget {
  /** The property name: the function's name. */
  name: string;
  /**
   * The dotted path of the object holding it, `prototype` and the exports object removed
   * (`View` for `View.prototype.render`, `app` for `app.use`); empty for `exports.f`.
   */
  container: string[];
  /** Assigned on `exports`/`module.exports` (or an alias of it): part of the module's API. */
  exported: boolean;
  /** Assigned on the prototype: an instance method (otherwise a property of the object itself). */
  prototype: boolean;
}

/** `a.b.c`: identifiers joined by dots (computed members, calls and `?.` are not declarations). */
const DOTTED_PATH = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$/;

/**
 * What the left side of an assignment declares, or undefined when it declares nothing the JS
 * binder would bind: the root must be the exports object, an alias of it, or a name declared in
 * the file (`declared`); `this.x = …` and assignments to globals (`window.onload`) are not.
 */
export function propertyTarget(
  left: string,
  declared: ReadonlySet<string>,
  exportAliases: ReadonlySet<string>,
): PropertyTarget | undefined {
  if (!DOTTED_PATH.test(left)) return undefined;
  let parts = left.split('.');
  const name = parts.pop()!;
  if (name === 'prototype') return undefined;
  let exported = false;
  if (parts[0] === 'module' && parts[1] === 'exports') {
    parts = parts.slice(2);
    exported = true;
  } else if (parts[0] === 'exports') {
    parts = parts.slice(1);
    exported = true;
  } else if (exportAliases.has(parts[0]!)) {
    exported = true;
  } else if (!declared.has(parts[0]!)) {
    return undefined;
  }
  const prototype = parts[parts.length - 1] === 'prototype';
  if (prototype) parts = parts.slice(0, -1);
  // `exports.prototype.x` or `a.prototype.b.prototype.c`: not a shape worth guessing at
  if (parts.includes('prototype') || (prototype && parts.length === 0)) return undefined;
  return { name, container: parts, exported, prototype };
}

/**
 * `var app = exports = module.exports = {}`: the right side of a declarator that assigns the
 * exports object, whose declared name then stands for it. Reads the source text of the value.
 */
export function assignsExports(valueText: string): boolean {
  return /^(?:[A-Za-z_$][\w$]*\s*=\s*)*(?:module\.)?exports\s*=/.test(valueText);
}

/**
 * `var parse = exports.parse = function () {}`: whether a declarator's chained value assigns the
 * exports object or one of its properties, which exports what the declarator names.
 */
export function chainExports(valueText: string): boolean {
  return /^(?:[A-Za-z_$][\w$.]*\s*=\s*)*?(?:module\.)?exports(?:\.[A-Za-z_$][\w$]*)?\s*=(?!=)/.test(
    valueText,
  );
}
