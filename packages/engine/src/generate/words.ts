import type { CodeObject, Parameter } from '../model.ts';

/** Splits camelCase, PascalCase, snake_case and kebab-case into lower-case words. */
export function splitWords(name: string): string[] {
  return name
    .replace(/^[_$]+|[_$]+$/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-$.]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

const VERBS: Record<string, string> = {
  get: 'Gets',
  set: 'Sets',
  is: 'Checks whether',
  has: 'Checks whether it has',
  can: 'Checks whether it can',
  create: 'Creates',
  make: 'Makes',
  build: 'Builds',
  parse: 'Parses',
  read: 'Reads',
  write: 'Writes',
  load: 'Loads',
  save: 'Saves',
  find: 'Finds',
  update: 'Updates',
  delete: 'Deletes',
  remove: 'Removes',
  add: 'Adds',
  to: 'Converts to',
  handle: 'Handles',
  on: 'Handles',
  init: 'Initialises',
  compute: 'Computes',
  calculate: 'Calculates',
  check: 'Checks',
  validate: 'Validates',
  render: 'Renders',
  format: 'Formats',
  resolve: 'Resolves',
  run: 'Runs',
  start: 'Starts',
  stop: 'Stops',
};

const KIND_NOUN: Record<string, string> = {
  class: 'Class',
  interface: 'Interface',
  struct: 'Structure',
  trait: 'Trait',
  enum: 'Enumeration',
  type: 'Type',
  module: 'Module',
  namespace: 'Namespace',
  constant: 'Constant',
};

/** A one-line summary from an object's name and kind ("getUserName" → "Gets the user name."). */
export function describeName(object: CodeObject): string {
  const words = splitWords(object.name);
  if (object.kind === 'constructor') {
    const owner = object.qualifiedName.split('.').slice(-2, -1)[0] ?? object.name;
    return `Creates a new ${splitWords(owner).join(' ') || owner} instance.`;
  }
  if (object.kind in KIND_NOUN)
    return `${KIND_NOUN[object.kind]} ${words.join(' ') || object.name}.`;
  const [first, ...rest] = words;
  if (first && VERBS[first])
    return `${VERBS[first]} ${rest.length ? `the ${rest.join(' ')}` : 'it'}.`.replace(
      ' the it',
      '',
    );
  if (!first) return `${object.name}.`;
  const capital = first[0]!.toUpperCase() + first.slice(1);
  return `${capital}${rest.length ? ` ${rest.join(' ')}` : ''}.`;
}

/** A parameter description from its name, type, default and rest-ness. */
export function describeParameter(p: Parameter): string {
  if (!p.name) return p.type ? `An unnamed \`${p.type}\`.` : 'An unnamed parameter.';
  const words = splitWords(p.name).join(' ') || p.name;
  const parts = [p.rest ? `The ${words} (any number).` : `The ${words}.`];
  if (p.default !== undefined) parts.push(`Defaults to \`${p.default}\`.`);
  else if (p.optional && !p.rest) parts.push('Optional.');
  return parts.join(' ');
}
