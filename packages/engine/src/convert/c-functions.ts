import type { CodeObject, DocComment } from '../model.ts';
import { removeObject, type ConvertContext } from './context.ts';

/** The C functions of a file so far, by name: the object and whether it is a definition yet. */
const cFunctions = new WeakMap<
  ConvertContext,
  Map<string, { object: CodeObject; definition: boolean; doc?: DocComment }>
>();

/** Notes a C function just added, carrying over the first doc its declarations had. */
export function noteCFunction(ctx: ConvertContext, object: CodeObject, definition: boolean): void {
  const functions = cFunctions.get(ctx) ?? new Map();
  cFunctions.set(ctx, functions);
  const earlier = functions.get(object.name);
  const doc = earlier?.doc ?? object.doc;
  functions.set(object.name, { object, definition, ...(doc ? { doc } : {}) });
}

/**
 * C has no overloads: a prototype and the definition of a function in one file are one object,
 * where the definition is, with the definition's comment or else the first its declarations
 * have. True when a declaration adds nothing (a prototype after the function); a definition
 * takes its prototype's place. Two definitions (in the branches of an `#if`, one per platform)
 * stay two objects: which one a build compiles is the build's to say.
 */
export function joinedCFunction(
  ctx: ConvertContext,
  draft: { name: string; doc?: DocComment },
  definition: boolean,
): boolean {
  const earlier = cFunctions.get(ctx)?.get(draft.name);
  if (!earlier) return false;
  if (!definition) {
    earlier.doc ??= draft.doc;
    if (!earlier.object.doc && draft.doc) earlier.object.doc = draft.doc;
    return true;
  }
  if (!earlier.definition) removeObject(ctx, earlier.object);
  if (!draft.doc && earlier.doc) draft.doc = earlier.doc;
  return false;
}
