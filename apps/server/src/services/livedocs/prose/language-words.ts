/**
 * Words a doc may name without them being objects of the repository: keywords, literals and
 * the built-in types and functions of the languages the engine parses. Kept deliberately short;
 * anything missing here only costs a sentence (the deterministic text stays).
 */
export const LANGUAGE_WORDS: ReadonlySet<string> = new Set([
  // TypeScript / JavaScript
  ...['string', 'number', 'boolean', 'bigint', 'symbol', 'object', 'null', 'undefined', 'void'],
  ...['never', 'unknown', 'any', 'true', 'false', 'this', 'super', 'new', 'async', 'await'],
  ...['return', 'throw', 'yield', 'typeof', 'Promise', 'Array', 'Map', 'Set', 'WeakMap', 'Error'],
  ...['TypeError', 'RangeError', 'Object', 'String', 'Number', 'Boolean', 'Date', 'RegExp', 'JSON'],
  ...['Math', 'Record', 'Partial', 'Readonly', 'ReadonlyArray', 'Iterable', 'AsyncIterable'],
  ...['Uint8Array', 'Buffer', 'AbortSignal', 'NaN', 'Infinity', 'console', 'fetch'],
  // Python
  ...['None', 'True', 'False', 'self', 'cls', 'int', 'float', 'str', 'bytes', 'bool', 'list'],
  ...['dict', 'tuple', 'set', 'len', 'print', 'range', 'isinstance', 'Exception', 'ValueError'],
  ...['KeyError', 'RuntimeError', 'Optional', 'List', 'Dict', 'Tuple', 'Any', 'Callable'],
  // Go, Rust, Java, C#, C
  ...['nil', 'error', 'byte', 'rune', 'int64', 'uint64', 'float64', 'Result', 'Option', 'Some'],
  ...['Ok', 'Err', 'Vec', 'Box', 'HashMap', 'usize', 'i32', 'i64', 'u8', 'u32', 'u64', 'f64'],
  ...['char', 'long', 'double', 'Integer', 'NULL', 'nullptr', 'IllegalArgumentException'],
]);

/**
 * Namespaces of the standard libraries: `Math.max` or `console.warn` is not a repository
 * symbol, and whether it exists is the language's business, not the parsed model's.
 */
export const BUILTIN_NAMESPACES: ReadonlySet<string> = new Set([
  ...['Math', 'JSON', 'Object', 'Array', 'Promise', 'Number', 'String', 'Date', 'Reflect'],
  ...['Symbol', 'console', 'process', 'Buffer', 'os', 'sys', 'fmt', 'strings', 'errors', 'std'],
]);

/** Last parts of dotted words that make them file names (`package.json`), not symbols. */
export const FILE_EXTENSIONS: ReadonlySet<string> = new Set([
  ...['json', 'yaml', 'yml', 'toml', 'md', 'txt', 'csv', 'xml', 'html', 'css', 'ts', 'tsx'],
  ...['js', 'jsx', 'mjs', 'cjs', 'py', 'go', 'rs', 'java', 'rb', 'c', 'h', 'cpp', 'cs', 'sh'],
  ...['env', 'lock', 'log', 'sql', 'db', 'png', 'svg', 'zip', 'gz', 'tar'],
]);
