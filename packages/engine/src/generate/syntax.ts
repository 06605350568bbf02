import type { EffectKind } from './facts.ts';

/**
 * The node types the fact reader looks for, per grammar. Languages missing here get the facts
 * the model already holds (thrown types, callers, heritage), not the body's conditions. Kotlin is
 * missing on purpose: tree-sitter-wasms' Kotlin grammar has no field names (no `condition`,
 * `consequence` or `body`), which everything here reads by.
 */
export interface FactSyntax {
  /** Nested function-like nodes: their returns and raises are not the object's own. */
  functions: string[];
  ifs: string[];
  /** Python's `elif`: a condition of its own inside the `if`. */
  elifs: string[];
  elses: string[];
  returns: string[];
  throws: string[];
  calls: string[];
  /** Loop node → the field holding what it iterates ('' when the grammar names none: the first named child). */
  loops: Record<string, string>;
  assigns: string[];
  members: string[];
  compares: string[];
  nots: string[];
  catches: string[];
  identifiers: string[];
  /** The receiver's name inside a method. */
  receivers: string[];
  /** Statements in a function body (to tell a one-line delegation). */
  blocks: string[];
  /*
   * What the languages added after the first five need; each is absent for those five, whose
   * output stays as it was.
   */
  /** `if` forms whose body runs when the condition is false (Ruby's `unless`). */
  unlesses?: string[];
  /** How a condition reads negated (an `else`, an `unless`); `not (…)` when absent. */
  negate?: (condition: string) => string;
  /** The field that names what a catch catches, searched in the catch and its parameters. */
  catchType?: string;
  /** Calls that raise (Ruby's `raise`/`fail`) or panic (Rust's `panic!`), by callee text. */
  raiseCalls?: string[];
  panicCalls?: string[];
  /** Assertion macros: they panic when their condition (or equality) does not hold. */
  assertCalls?: Record<string, 'true' | 'eq' | 'ne'>;
  /** Methods that panic on a missing value (Rust's `unwrap`, `expect`). */
  panicMethods?: string[];
  /** Rust's `?`: the error of the expression inside is returned. */
  tries?: string[];
  /** Constructors of an error value returned as the error (Rust's `Err`, anyhow's `bail!`). */
  errorCalls?: string[];
  /** Calls that only wrap a value (Rust's `Ok`, `Some`): neither calls made nor delegation. */
  wrapperCalls?: string[];
  /** The last expression of a body is its value (Rust, Ruby). */
  tailReturns?: boolean;
  /** Call nodes with a receiver field and a method field (Ruby `call`, PHP `->` calls). */
  methodCalls?: string[];
  /** Methods whose call on a value iterates it (Ruby's `each`). */
  iterators?: string[];
  /** Methods whose call on a parameter says how it is used (Ruby's `nil?`), with the phrase. */
  tests?: Record<string, string>;
  /** The sigil variables carry (PHP's `$`), which parameter names are read without. */
  sigil?: string;
  /** Assignments to these globals are effects (C's `errno`). */
  globals?: string[];
  /** Increments and decrements (`i++`, `--n`): they reassign a parameter. */
  updates?: string[];
  /** Counted loops whose condition bounds them with a parameter (C's `for (i = 0; i < n; i++)`). */
  countedLoops?: string[];
  /** Calls may leave out their parentheses (Ruby's `File.exist? dir`): joined conditions wrap them. */
  commandCalls?: boolean;
  /** Bodies that only say "not done yet" (`todo!()`, `throw new NotImplementedException()`). */
  stub?: RegExp;
  /** Calls with effects outside the object in this language, tried after the shared patterns. */
  effects?: [EffectKind, RegExp][];
}

const JS: FactSyntax = {
  functions: [
    'function_declaration',
    'function_expression',
    'arrow_function',
    'method_definition',
    'generator_function',
    'generator_function_declaration',
    'class_declaration',
    'class',
  ],
  ifs: ['if_statement'],
  elifs: [],
  elses: ['else_clause'],
  returns: ['return_statement'],
  throws: ['throw_statement'],
  calls: ['call_expression', 'new_expression'],
  loops: { for_in_statement: 'right' },
  assigns: ['assignment_expression', 'augmented_assignment_expression'],
  members: ['member_expression'],
  compares: ['binary_expression'],
  nots: ['unary_expression'],
  catches: ['catch_clause'],
  identifiers: ['identifier', 'shorthand_property_identifier'],
  receivers: ['this'],
  blocks: ['statement_block'],
  negate: bang,
  updates: ['update_expression'],
};

export const FACT_SYNTAX: Record<string, FactSyntax> = {
  python: {
    functions: ['function_definition', 'lambda', 'class_definition'],
    ifs: ['if_statement'],
    elifs: ['elif_clause'],
    elses: ['else_clause'],
    returns: ['return_statement'],
    throws: ['raise_statement'],
    calls: ['call'],
    loops: { for_statement: 'right', for_in_clause: 'right' },
    assigns: ['assignment', 'augmented_assignment'],
    members: ['attribute'],
    compares: ['comparison_operator'],
    nots: ['not_operator'],
    catches: ['except_clause'],
    identifiers: ['identifier'],
    receivers: ['self', 'cls'],
    blocks: ['block'],
  },
  typescript: JS,
  tsx: JS,
  javascript: JS,
  go: {
    functions: ['func_literal', 'function_declaration', 'method_declaration'],
    ifs: ['if_statement'],
    elifs: [],
    elses: [],
    returns: ['return_statement'],
    throws: [],
    calls: ['call_expression'],
    loops: { range_clause: 'right' },
    assigns: ['assignment_statement'],
    members: ['selector_expression'],
    compares: ['binary_expression'],
    nots: ['unary_expression'],
    catches: [],
    identifiers: ['identifier'],
    receivers: [],
    blocks: ['block'],
    negate: bang,
    updates: ['inc_statement', 'dec_statement'],
  },
  java: {
    functions: ['lambda_expression', 'class_body', 'method_declaration', 'constructor_declaration'],
    ifs: ['if_statement'],
    elifs: [],
    elses: [],
    returns: ['return_statement'],
    throws: ['throw_statement'],
    calls: ['method_invocation', 'object_creation_expression'],
    loops: { enhanced_for_statement: 'value' },
    assigns: ['assignment_expression'],
    members: ['field_access'],
    compares: ['binary_expression'],
    nots: ['unary_expression'],
    catches: ['catch_clause'],
    identifiers: ['identifier'],
    receivers: ['this'],
    blocks: ['block', 'constructor_body'],
    negate: bang,
    updates: ['update_expression'],
  },
};

/** `!x` for a plain name or member, `x` for `!x`, `!(…)` otherwise: C-family negation. */
export function bang(condition: string): string {
  // Rust's `if let P = v`: its else runs when `v` does not match
  const binding = /^let (.+?) = (.+)$/.exec(condition);
  if (binding) return `!matches!(${binding[2]}, ${binding[1]})`;
  // a name, a member, or a call or index of one: `!` binds them whole, and C reads no cast in
  // `!f(x) && y` as it would in `!(f(x)) && y`
  const plain = /^[\w$@.:?]+(?:->[\w$]+)*(?:\([^()]*\)|\[[^[\]]*\])?$/;
  if (condition.startsWith('!') && plain.test(condition.slice(1))) return condition.slice(1);
  return plain.test(condition) ? `!${condition}` : `!(${condition})`;
}

const C: FactSyntax = {
  functions: ['function_definition'],
  ifs: ['if_statement'],
  elifs: [],
  elses: ['else_clause'],
  returns: ['return_statement'],
  throws: [],
  calls: ['call_expression'],
  loops: {},
  assigns: ['assignment_expression'],
  // `*out = …` writes through a pointer as `s->field = …` does
  members: ['field_expression', 'pointer_expression'],
  compares: ['binary_expression'],
  nots: ['unary_expression'],
  catches: [],
  identifiers: ['identifier'],
  receivers: [],
  blocks: ['compound_statement'],
  negate: bang,
  updates: ['update_expression'],
  globals: ['errno'],
  countedLoops: ['for_statement'],
  effects: [
    ['output', /^(?:printf|puts|putchar|fputs|fprintf|vprintf|vfprintf|perror)$/],
    ['files', /^(?:fopen|fclose|fwrite|fread|fflush|remove|unlink|rename|mkdir|open|close|write)$/],
    ['processes', /^(?:exit|_exit|abort|system|fork|execv\w*|execl\w*|kill)$/],
  ],
};

FACT_SYNTAX.rust = {
  functions: ['function_item', 'closure_expression', 'impl_item', 'trait_item'],
  ifs: ['if_expression'],
  elifs: [],
  elses: ['else_clause'],
  returns: ['return_expression'],
  throws: [],
  calls: ['call_expression', 'macro_invocation'],
  loops: { for_expression: 'value' },
  assigns: ['assignment_expression', 'compound_assignment_expr'],
  members: ['field_expression'],
  compares: ['binary_expression'],
  nots: ['unary_expression'],
  catches: [],
  identifiers: ['identifier'],
  receivers: ['self'],
  blocks: ['block'],
  negate: bang,
  panicCalls: ['panic!', 'unreachable!', 'todo!', 'unimplemented!'],
  assertCalls: { 'assert!': 'true', 'assert_eq!': 'eq', 'assert_ne!': 'ne' },
  panicMethods: ['unwrap', 'expect'],
  tries: ['try_expression'],
  errorCalls: ['Err', 'bail!'],
  wrapperCalls: ['Ok', 'Some', 'Box::new'],
  tailReturns: true,
  stub: /^(?:todo|unimplemented)!\(.*\)$/,
  effects: [
    ['output', /^(?:e?println!|e?print!|dbg!)$/],
    ['logs', /^(?:log::|tracing::)?(?:trace|debug|info|warn|error)!$/],
    ['files', /^(?:std::)?(?:fs::\w+|File::(?:create|open))$/],
    ['processes', /^(?:std::)?(?:process::(?:exit|abort)|Command::new)$/],
  ],
};

FACT_SYNTAX.csharp = {
  functions: [
    'method_declaration',
    'constructor_declaration',
    'local_function_statement',
    'lambda_expression',
    'anonymous_method_expression',
    'class_declaration',
  ],
  ifs: ['if_statement'],
  elifs: [],
  elses: [],
  returns: ['return_statement'],
  throws: ['throw_statement', 'throw_expression'],
  calls: ['invocation_expression', 'object_creation_expression'],
  loops: { foreach_statement: 'right' },
  assigns: ['assignment_expression'],
  members: ['member_access_expression'],
  compares: ['binary_expression'],
  nots: ['prefix_unary_expression'],
  catches: ['catch_clause'],
  identifiers: ['identifier'],
  receivers: ['this'],
  blocks: ['block', 'arrow_expression_clause'],
  negate: bang,
  updates: ['postfix_unary_expression', 'prefix_unary_expression'],
  catchType: 'type',
  stub: /^thrownew(?:System\.)?NotImplementedException\(.*\)$/,
  effects: [
    ['output', /^Console\.(?:Write|WriteLine)$/],
    ['logs', /^_?[lL]ogger\.Log\w*$/],
    ['files', /^(?:File|Directory)\.\w+$/],
    ['processes', /^(?:Process\.Start|Environment\.Exit)$/],
  ],
};

FACT_SYNTAX.ruby = {
  functions: ['method', 'singleton_method', 'lambda', 'class', 'module'],
  ifs: ['if', 'if_modifier', 'unless', 'unless_modifier'],
  elifs: ['elsif'],
  elses: ['else'],
  returns: ['return'],
  throws: [],
  calls: ['call'],
  // `for x in items`: the `in` node holds the iterable ('' = its first named child)
  loops: { in: '' },
  assigns: ['assignment', 'operator_assignment'],
  members: ['instance_variable'],
  compares: ['binary'],
  nots: ['unary'],
  catches: ['rescue'],
  identifiers: ['identifier'],
  receivers: ['self'],
  blocks: ['body_statement'],
  unlesses: ['unless', 'unless_modifier'],
  commandCalls: true,
  negate: bang,
  catchType: 'exceptions',
  raiseCalls: ['raise', 'fail'],
  stub: /^(?:raise|fail)NotImplementedError(?:,.*)?$/,
  tailReturns: true,
  methodCalls: ['call'],
  iterators: ['each', 'each_with_index', 'each_pair', 'each_key', 'each_value', 'map', 'select'],
  tests: { 'nil?': 'compared with `nil`', 'empty?': 'tested for emptiness' },
  effects: [
    ['output', /^(?:puts|print|p|pp|printf|\$std(?:out|err)\.\w+|STD(?:OUT|ERR)\.\w+|warn)$/],
    ['files', /^(?:File|FileUtils|Dir|IO)\.\w+$/],
    ['processes', /^(?:system|exec|spawn|exit!?|abort|Process\.\w+|Kernel\.(?:system|exec|exit))$/],
    ['network', /^(?:Net::HTTP|Socket|TCPSocket)\.\w+$/],
  ],
};

FACT_SYNTAX.php = {
  functions: [
    'function_definition',
    'method_declaration',
    'anonymous_function_creation_expression',
    'anonymous_function',
    'arrow_function',
    'class_declaration',
  ],
  ifs: ['if_statement'],
  elifs: ['else_if_clause'],
  elses: ['else_clause'],
  returns: ['return_statement'],
  throws: ['throw_expression', 'throw_statement'],
  calls: [
    'function_call_expression',
    'member_call_expression',
    'nullsafe_member_call_expression',
    'scoped_call_expression',
    'object_creation_expression',
  ],
  loops: { foreach_statement: '' },
  assigns: ['assignment_expression', 'augmented_assignment_expression'],
  members: ['member_access_expression', 'nullsafe_member_access_expression'],
  compares: ['binary_expression'],
  nots: ['unary_op_expression'],
  catches: ['catch_clause'],
  identifiers: ['variable_name'],
  receivers: ['$this'],
  blocks: ['compound_statement'],
  negate: bang,
  updates: ['update_expression'],
  catchType: 'type',
  methodCalls: ['member_call_expression', 'nullsafe_member_call_expression'],
  sigil: '$',
  effects: [
    ['output', /^(?:printf|print_r|var_dump|fwrite|fputs)$/],
    ['logs', /^(?:error_log|\$this->logger->\w+|\$logger->\w+)$/],
    ['files', /^(?:fopen|file_put_contents|file_get_contents|unlink|mkdir|rename|touch|rmdir)$/],
    ['network', /^(?:curl_exec|fsockopen|stream_socket_client)$/],
    ['processes', /^(?:exec|shell_exec|system|passthru|proc_open|exit)$/],
  ],
};

FACT_SYNTAX.c = C;

FACT_SYNTAX.cpp = {
  ...C,
  functions: ['function_definition', 'lambda_expression', 'class_specifier', 'struct_specifier'],
  throws: ['throw_statement'],
  calls: ['call_expression', 'new_expression'],
  loops: { for_range_loop: 'right' },
  catches: ['catch_clause'],
  receivers: ['this'],
  catchType: 'type',
  effects: [
    ...C.effects!,
    ['output', /^std::(?:cout|cerr|printf|puts)$/],
    ['processes', /^std::(?:exit|abort|system)$/],
  ],
};
