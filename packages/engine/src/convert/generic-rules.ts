import type { ObjectKind } from '../model.ts';

/** How one node type becomes an object in a table-driven language. */
export interface DeclarationRule {
  kind: ObjectKind;
  /** Functions become methods (and `constructorNames` constructors) inside these kinds. */
  member?: boolean;
}

/** Doc comment conventions: which comments above a declaration are its documentation. */
export type DocStyle =
  | 'javadoc' // /** */ (Java, Kotlin, Scala, PHP, Swift, C, C++) and /// (Swift, C/C++ Doxygen)
  | 'rust' // /// and /** */ above, //! inside
  | 'xml' // C# ///
  | 'line' // any adjacent line comments (Go, Ruby, Bash, Lua)
  | 'none';

/** Everything the generic converter needs to know about one language. */
export interface LanguageRules {
  declarations: Record<string, DeclarationRule>;
  doc: DocStyle;
  /** Parse the doc text as: @tags, Markdown sections, or C# XML. */
  docFormat: 'tagged' | 'markdown' | 'xml';
  constructorNames?: string[];
  /** Node types that may sit between a doc comment and its declaration. */
  skipAbove?: string[];
  callTypes?: string[];
  importTypes?: string[];
  /** Node types naming a type where one is used (signatures, fields, bodies): usage sites. */
  typeUsages?: string[];
  /** Exported when the name starts with a capital letter (Go). */
  exportByCase?: boolean;
  /** A plain `/* … *\/` block right above a declaration is its doc (C, C++). */
  plainBlockDocs?: boolean;
  /** A run of plain `//` lines right above a declaration is its doc (C++'s Google style). */
  plainLineDocs?: boolean;
  /**
   * The summary is the first sentence (Javadoc, Go); Javadoc's HTML and inline tags read as
   * markdown.
   */
  sentenceSummary?: boolean;
  /** Comments that are directives to a tool, never documentation (Go's `//go:noinline`). */
  directives?: RegExp;
  /**
   * A spec inside a declaration group (Go's `type (…)`, `const (…)`) without a comment of its
   * own takes the group's: `always`, or `lone` only when the group is one unparenthesised spec.
   */
  groupDocs?: Record<string, 'always' | 'lone'>;
  /**
   * The node types an API declaration may sit in. A declaration with any other ancestor (a
   * function body, an anonymous class, an enum constant's body) is that code's own, not an object.
   */
  apiScopes?: ReadonlySet<string>;
  /**
   * Node types that bind names inside a body, with the field holding the names ('' for the whole
   * node): a parameter or receiver bound again there no longer has its declared type.
   */
  bindings?: Record<string, string>;
  /** Node types whose declarations are local, not objects (Ruby: a `def` inside a method). */
  localScopes?: ReadonlySet<string>;
  /**
   * A function declared inside a body (C#'s local functions): not an object of the API; a bare
   * call of its name in that body is that local function, not a member of the class.
   */
  localFunctions?: string;
  /** The doc comment is the last `/** *\/` before the declaration, blank lines or not (javac). */
  docAcrossBlankLines?: boolean;
  /**
   * A Doxygen comment (`/**`, `/*!`) is the doc of the declaration after it across blank lines,
   * as Doxygen and clang read it; a plain one only right above it (C, C++).
   */
  doxygenAcrossBlankLines?: boolean;
  /** Tags are YARD's, where `@param [Type] name` puts the type first (Ruby). */
  yard?: boolean;
  /** `\uXXXX` escapes are translated in comments too (Java). */
  unicodeEscapes?: boolean;
  /** A member function named like its class is a constructor (C++). */
  classNamedConstructors?: boolean;
}

const fn = (kind: ObjectKind = 'function'): DeclarationRule => ({ kind });
const type = (kind: ObjectKind): DeclarationRule => ({ kind, member: true });

/** Per-language declaration tables for the grammars of the registry. */
export const RULES: Record<string, LanguageRules> = {
  go: {
    declarations: {
      function_declaration: fn(),
      method_declaration: fn('method'),
      method_elem: fn('method'),
      method_spec: fn('method'),
      type_spec: type('type'),
      type_alias: type('type'),
      const_spec: fn('constant'),
    },
    doc: 'line',
    docFormat: 'markdown',
    // go/doc's synopsis: the first sentence
    sentenceSummary: true,
    // what go/ast's CommentGroup.Text leaves out: //line, //extern, //export, //go:noinline…
    directives: /^\/\/(line |extern |export |[a-z0-9]+:[a-z0-9])/,
    // as go/doc: a type takes its group's doc, a constant only that of a lone `const X = …`
    groupDocs: { type_spec: 'always', type_alias: 'always', const_spec: 'lone' },
    // go/doc lists top-level declarations only: not a type or constant local to a function, nor
    // the methods of an anonymous `interface{ F() }`
    apiScopes: new Set([
      'source_file',
      'type_declaration',
      'type_spec',
      'type_alias',
      'interface_type',
      'method_spec_list',
      'const_declaration',
    ]),
    exportByCase: true,
    // `c := …`, `for _, c := range …`, `var c T`, `func(c Node)`: a new `c`
    bindings: {
      short_var_declaration: 'left',
      range_clause: 'left',
      var_spec: '',
      func_literal: 'parameters',
    },
    callTypes: ['call_expression'],
    importTypes: ['import_spec'],
    typeUsages: ['type_identifier'],
  },
  java: {
    declarations: {
      class_declaration: type('class'),
      record_declaration: type('class'),
      interface_declaration: type('interface'),
      annotation_type_declaration: type('interface'),
      enum_declaration: type('enum'),
      method_declaration: fn('method'),
      constructor_declaration: fn('constructor'),
      compact_constructor_declaration: fn('constructor'),
      annotation_type_element_declaration: fn('method'),
    },
    // javadoc lists named types and their members; not local or anonymous classes, nor enum
    // constants' bodies
    apiScopes: new Set([
      'program',
      'class_declaration',
      'class_body',
      'interface_declaration',
      'interface_body',
      'enum_declaration',
      'enum_body',
      'enum_body_declarations',
      'record_declaration',
      'annotation_type_declaration',
      'annotation_type_body',
    ]),
    doc: 'javadoc',
    docAcrossBlankLines: true,
    unicodeEscapes: true,
    sentenceSummary: true,
    docFormat: 'tagged',
    callTypes: ['method_invocation', 'object_creation_expression'],
    importTypes: ['import_declaration'],
    typeUsages: ['type_identifier'],
  },
  rust: {
    declarations: {
      function_item: fn(),
      function_signature_item: fn(),
      associated_type: fn('type'),
      struct_item: type('struct'),
      union_item: type('struct'),
      enum_item: type('enum'),
      trait_item: type('trait'),
      impl_item: type('struct'),
      type_item: fn('type'),
      mod_item: type('module'),
      const_item: fn('constant'),
      static_item: fn('constant'),
      macro_definition: fn(),
    },
    doc: 'rust',
    docFormat: 'markdown',
    // `let r = …`, `for r in …`, `|r| …`, `if let Some(r) = …`: a new `r`
    bindings: {
      let_declaration: 'pattern',
      for_expression: 'pattern',
      closure_parameters: '',
      let_condition: 'pattern',
      match_pattern: '',
    },
    skipAbove: ['attribute_item'],
    callTypes: ['call_expression', 'macro_invocation'],
    importTypes: ['use_declaration'],
    typeUsages: ['type_identifier'],
  },
  c: {
    declarations: {
      function_definition: fn(),
      struct_specifier: type('struct'),
      union_specifier: type('struct'),
      enum_specifier: type('enum'),
      type_definition: fn('type'),
      declaration: fn(),
    },
    doc: 'javadoc',
    plainBlockDocs: true,
    doxygenAcrossBlankLines: true,
    docFormat: 'tagged',
    // a type local to a function body is not API, and no function is defined inside one
    localScopes: new Set(['compound_statement']),
    callTypes: ['call_expression'],
    importTypes: ['preproc_include'],
    typeUsages: ['type_identifier'],
  },
  cpp: {
    declarations: {
      function_definition: fn(),
      class_specifier: type('class'),
      struct_specifier: type('struct'),
      union_specifier: type('struct'),
      enum_specifier: type('enum'),
      namespace_definition: type('namespace'),
      type_definition: fn('type'),
      alias_declaration: fn('type'),
      declaration: fn(),
      field_declaration: fn('method'),
      // `explicit operator bool() const;`
      operator_cast: fn('method'),
    },
    doc: 'javadoc',
    plainBlockDocs: true,
    plainLineDocs: true,
    doxygenAcrossBlankLines: true,
    docFormat: 'tagged',
    classNamedConstructors: true,
    // a type or alias local to a function body is not API (`using I = internal::Internals;`)
    localScopes: new Set(['compound_statement']),
    callTypes: ['call_expression'],
    importTypes: ['preproc_include'],
    typeUsages: ['type_identifier'],
  },
  csharp: {
    declarations: {
      class_declaration: type('class'),
      record_declaration: type('class'),
      interface_declaration: type('interface'),
      struct_declaration: type('struct'),
      record_struct_declaration: type('struct'),
      enum_declaration: type('enum'),
      namespace_declaration: type('namespace'),
      file_scoped_namespace_declaration: type('namespace'),
      method_declaration: fn('method'),
      constructor_declaration: fn('constructor'),
      operator_declaration: fn('method'),
      conversion_operator_declaration: fn('method'),
      destructor_declaration: fn('method'),
      indexer_declaration: fn('method'),
      delegate_declaration: fn('type'),
    },
    localFunctions: 'local_function_statement',
    doc: 'xml',
    docFormat: 'xml',
    callTypes: ['invocation_expression', 'object_creation_expression'],
    importTypes: ['using_directive'],
  },
  ruby: {
    declarations: {
      class: type('class'),
      module: type('module'),
      method: fn('method'),
      singleton_method: fn('method'),
    },
    doc: 'line',
    docFormat: 'tagged',
    yard: true,
    // magic comments speak to the interpreter, not the reader
    directives:
      /^#\s*(-\*-.*-\*-|(frozen_string_literal|encoding|coding|warn_indent|shareable_constant_value)\s*:)/i,
    constructorNames: ['initialize'],
    // a `def` run by a method body defines a method at run time, on whatever self is then
    localScopes: new Set(['method', 'singleton_method']),
    callTypes: ['call'],
  },
  php: {
    declarations: {
      class_declaration: type('class'),
      interface_declaration: type('interface'),
      trait_declaration: type('trait'),
      enum_declaration: type('enum'),
      function_definition: fn(),
      method_declaration: fn('method'),
      namespace_definition: type('namespace'),
      const_element: fn('constant'),
    },
    // PHP-Parser's getDocComment(): the last /** */ before the declaration, blank lines or not;
    // a `const A = 1, B = 2;` statement's doc is each constant's
    doc: 'javadoc',
    docAcrossBlankLines: true,
    groupDocs: { const_element: 'always' },
    docFormat: 'tagged',
    constructorNames: ['__construct'],
    // the methods of an anonymous `new class { … }` are not the file's API
    localScopes: new Set(['object_creation_expression', 'anonymous_class']),
    callTypes: [
      'function_call_expression',
      'member_call_expression',
      'scoped_call_expression',
      'object_creation_expression',
    ],
    importTypes: ['namespace_use_clause'],
    typeUsages: ['named_type'],
  },
  kotlin: {
    declarations: {
      class_declaration: type('class'),
      object_declaration: type('class'),
      companion_object: type('class'),
      function_declaration: fn(),
      secondary_constructor: fn('constructor'),
      primary_constructor: fn('constructor'),
      type_alias: fn('type'),
      property_declaration: fn('constant'),
    },
    doc: 'javadoc',
    docFormat: 'tagged',
    // functions in a body and the members of an `object :` expression are not the file's API
    localScopes: new Set([
      'function_body',
      'object_literal',
      'lambda_literal',
      'anonymous_function',
    ]),
    callTypes: ['call_expression'],
    importTypes: ['import_header'],
    typeUsages: ['type_identifier'],
  },
  swift: {
    declarations: {
      class_declaration: type('class'),
      protocol_declaration: type('interface'),
      function_declaration: fn(),
      protocol_function_declaration: fn('method'),
      init_declaration: fn('constructor'),
      typealias_declaration: fn('type'),
      associatedtype_declaration: fn('type'),
      subscript_declaration: fn('method'),
      property_declaration: fn('constant'),
    },
    doc: 'javadoc',
    docFormat: 'markdown',
    callTypes: ['call_expression'],
    importTypes: ['import_declaration'],
    typeUsages: ['type_identifier'],
  },
  scala: {
    declarations: {
      class_definition: type('class'),
      object_definition: type('class'),
      trait_definition: type('trait'),
      enum_definition: type('enum'),
      function_definition: fn(),
      function_declaration: fn(),
      type_definition: fn('type'),
      // a class's primary constructor: its first parameter list (see nameOf)
      class_parameters: fn('constructor'),
    },
    doc: 'javadoc',
    docFormat: 'tagged',
    // `def this(…)`, named `constructor` as the primary one is
    constructorNames: ['constructor'],
    // defs in a body and the members of `new T { … }` are not the file's API
    localScopes: new Set(['function_definition', 'instance_expression']),
    callTypes: ['call_expression'],
    importTypes: ['import_declaration'],
    typeUsages: ['type_identifier'],
  },
  bash: {
    declarations: { function_definition: fn() },
    doc: 'line',
    docFormat: 'tagged',
    callTypes: ['command'],
  },
  lua: {
    declarations: {
      function_declaration: fn(),
      local_function: fn(),
      function_definition_statement: fn(),
      local_function_definition_statement: fn(),
      // a function assigned to a name (only those: see assignedFunction)
      variable_assignment: fn(),
      local_variable_declaration: fn(),
    },
    doc: 'line',
    docFormat: 'tagged',
    callTypes: ['function_call'],
  },
};
