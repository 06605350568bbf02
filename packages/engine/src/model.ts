/**
 * The engine's versioned JSON model. The server stores it as-is, so any change to these shapes
 * that an older reader would misread must bump ENGINE_SCHEMA_VERSION.
 */
export const ENGINE_SCHEMA_VERSION = 13;

/** Kinds of code object the engine extracts; one vocabulary for every language. */
export type ObjectKind =
  | 'function'
  | 'method'
  | 'constructor'
  | 'class'
  | 'interface'
  | 'struct'
  | 'trait'
  | 'enum'
  | 'type'
  | 'module'
  | 'namespace'
  | 'constant';

/** A source range: lines and columns are 1-based, end inclusive of its last character line. */
export interface SourceRange {
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

/** One parameter as written in the signature. */
export interface Parameter {
  name: string;
  type?: string;
  default?: string;
  rest: boolean;
  optional: boolean;
  /**
   * What the signature itself says of the parameter: Python's `Annotated[T, Doc("…")]`, whose
   * Doc call `type` leaves out. Not part of the doc comment (write-back never writes it there).
   */
  description?: string;
}

/** Modifiers that matter to documentation readers. */
export interface Modifiers {
  exported: boolean;
  static: boolean;
  async: boolean;
  abstract: boolean;
  visibility?: 'public' | 'protected' | 'private' | 'internal';
}

/** A doc comment split into the parts every language's convention shares. */
export interface DocComment {
  summary: string;
  description: string;
  params: { name: string; type?: string; description: string }[];
  returns?: { type?: string; description: string };
  throws: { type?: string; description: string }[];
  examples: string[];
  deprecated?: string;
  see: string[];
  /**
   * What a visibility tag says (`@private`, `@public`, `@protected`, `@internal`, `@package`,
   * `@access private`, `@api private`); the object's modifiers take it when its syntax says none.
   */
  visibility?: Modifiers['visibility'];
  /** The type a `@type {T}` or `@typedef {T} Name` tag gives the documented value. */
  type?: string;
  /** The name a `@typedef` tag declares. */
  typedef?: string;
  /** `@property` entries (JSDoc, KDoc): the documented object's or type's properties. */
  properties?: { name: string; type?: string; description: string }[];
  /**
   * The comment text with comment markers removed, for exact write-back; never normalised
   * (the parsed fields above are: code blocks fenced, reST roles as code spans).
   */
  text: string;
}

/** A function, class or other named declaration found in a file. */
export interface CodeObject {
  /** Stable across commits while file, qualified name, kind and overload index hold. */
  id: string;
  kind: ObjectKind;
  name: string;
  qualifiedName: string;
  /** Declaration head as written, up to the body (whitespace collapsed). */
  signature: string;
  parameters: Parameter[];
  returnType?: string;
  modifiers: Modifiers;
  decorators: string[];
  range: SourceRange;
  parentId?: string;
  /** 0 for the first declaration of a qualified name+kind in a file, 1 for the next… */
  overloadIndex: number;
  /**
   * Changes when the code changes; edits of whitespace, comments and docstrings keep it (so
   * docs written back into the code stay fresh).
   */
  codeHash: string;
  /**
   * The hash as schema 9 and earlier computed it (comments and docstrings included), where it
   * differs: the server moves docs stored against it to `codeHash` when the code is the same.
   */
  legacyCodeHash?: string;
  doc?: DocComment;
  /** Facts read from the body for the doc generator. */
  body?: BodyFacts;
}

/** What the body does, read syntactically for the deterministic doc generator. */
export interface BodyFacts {
  throws: string[];
  returnsValue: boolean;
  earlyExits: number;
}

/** A call or name use inside a file, recorded before resolution. */
export interface Site {
  /** The name used (last segment for member calls). */
  name: string;
  /** Receiver or module qualifier when written (`obj` in `obj.f()`). */
  qualifier?: string;
  /**
   * The receiver's type where the code declares it: the qualifier is a parameter with a named
   * type (`c *Context`, `jar: Jar`) or a Go method's receiver. Resolution looks the method up in
   * that type only.
   */
  receiverType?: string;
  kind: 'call' | 'usage' | 'extends' | 'implements';
  line: number;
  column: number;
  snippet: string;
  /** Enclosing object id, if any. */
  fromId?: string;
  /**
   * A bare name the enclosing function binds itself, as a local variable or parameter
   * (`var View = app.get('view'); new View()`): a value, never the module's object of that name.
   */
  local?: true;
}

/** An import statement: what module, which names. */
export interface ImportSite {
  source: string;
  names: string[];
  line: number;
  /**
   * The name the module itself is bound to, when calls reach it as `alias.f()`: `ns` of
   * `import * as ns`, `x` of `const x = require('./x')`, `a.b` of Python's `import a.b`, a Go
   * package's name. Absent when the import only brings names in.
   */
  alias?: string;
  /**
   * The names as the file binds them, one per name, when an import renames one (Python's
   * `from x import a as b` binds `b` to `a`).
   */
  bound?: string[];
}

/** Something worth telling the user about a file; never fatal. */
export interface Diagnostic {
  severity: 'error' | 'warning' | 'info';
  message: string;
  line?: number;
  column?: number;
}

/** Why a file was or was not parsed. */
export type FileStatus = 'parsed' | 'unknown-language' | 'binary' | 'too-large';

/** Everything the engine knows about one file. */
export interface FileIndex {
  path: string;
  language: string | null;
  status: FileStatus;
  contentHash: string;
  bytes: number;
  lines: number;
  objects: CodeObject[];
  sites: Site[];
  imports: ImportSite[];
  diagnostics: Diagnostic[];
}

/** A resolved or external edge between objects/files. */
export interface Reference {
  kind: 'call' | 'usage' | 'extends' | 'implements' | 'import';
  fromFile: string;
  fromId?: string;
  /** Present when the name resolved to an object (or file, for imports) of this repository. */
  toId?: string;
  toFile?: string;
  /** The name as written, always kept; an external reference has no toId/toFile. */
  name: string;
  line: number;
  snippet: string;
}

/** The whole repository's index: what the server stores per commit. */
export interface RepositoryIndex {
  schemaVersion: number;
  files: FileIndex[];
  references: Reference[];
}

/** A file handed to the engine: content as bytes (or text already decoded). */
export interface SourceFile {
  path: string;
  content: Uint8Array | string;
}
