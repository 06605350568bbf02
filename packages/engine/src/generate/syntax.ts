/**
 * The node types the fact reader looks for, per grammar. Languages missing here get the facts
 * the model already holds (thrown types, callers, heritage), not the body's conditions.
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
  /** Loop node → the field holding what it iterates. */
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
  },
};
