/**
 * The language registry: one row per supported language, with the file names that select it
 * and the grammar that parses it. Detection and grammar loading both read this table, so adding
 * a language is one row plus a converter.
 */
export interface LanguageSpec {
  id: string;
  name: string;
  extensions: string[];
  fileNames?: string[];
  /** Interpreters named on a `#!` line (`python3`, `node`, `bash`…). */
  interpreters?: string[];
  /** Grammar files in preference order: the first that loads wins. */
  grammars: { set: 'vscode' | 'wasms'; file: string }[];
}

const vs = (file: string) => ({ set: 'vscode' as const, file });
const ws = (file: string) => ({ set: 'wasms' as const, file });

/** Every language the engine parses. */
export const LANGUAGES: readonly LanguageSpec[] = [
  {
    id: 'typescript',
    name: 'TypeScript',
    extensions: ['.ts', '.mts', '.cts'],
    interpreters: ['ts-node', 'tsx', 'deno', 'bun'],
    grammars: [vs('tree-sitter-typescript.wasm'), ws('tree-sitter-typescript.wasm')],
  },
  {
    id: 'tsx',
    name: 'TSX',
    extensions: ['.tsx'],
    grammars: [vs('tree-sitter-tsx.wasm'), ws('tree-sitter-tsx.wasm')],
  },
  {
    id: 'javascript',
    name: 'JavaScript',
    extensions: ['.js', '.mjs', '.cjs', '.jsx'],
    interpreters: ['node', 'nodejs'],
    grammars: [ws('tree-sitter-javascript.wasm'), vs('tree-sitter-javascript.wasm')],
  },
  {
    id: 'python',
    name: 'Python',
    extensions: ['.py', '.pyi', '.pyw'],
    fileNames: ['SConstruct', 'SConscript'],
    interpreters: ['python', 'python2', 'python3', 'pypy', 'pypy3'],
    grammars: [vs('tree-sitter-python.wasm'), ws('tree-sitter-python.wasm')],
  },
  {
    id: 'go',
    name: 'Go',
    extensions: ['.go'],
    grammars: [vs('tree-sitter-go.wasm'), ws('tree-sitter-go.wasm')],
  },
  {
    id: 'java',
    name: 'Java',
    extensions: ['.java'],
    grammars: [vs('tree-sitter-java.wasm'), ws('tree-sitter-java.wasm')],
  },
  {
    id: 'rust',
    name: 'Rust',
    extensions: ['.rs'],
    grammars: [vs('tree-sitter-rust.wasm'), ws('tree-sitter-rust.wasm')],
  },
  {
    id: 'c',
    name: 'C',
    extensions: ['.c', '.h'],
    grammars: [ws('tree-sitter-c.wasm')],
  },
  {
    id: 'cpp',
    name: 'C++',
    extensions: ['.cpp', '.cc', '.cxx', '.c++', '.hpp', '.hh', '.hxx', '.h++', '.ipp'],
    grammars: [vs('tree-sitter-cpp.wasm'), ws('tree-sitter-cpp.wasm')],
  },
  {
    id: 'csharp',
    name: 'C#',
    extensions: ['.cs'],
    grammars: [vs('tree-sitter-c-sharp.wasm'), ws('tree-sitter-c_sharp.wasm')],
  },
  {
    id: 'ruby',
    name: 'Ruby',
    extensions: ['.rb', '.rake', '.gemspec'],
    fileNames: ['Rakefile', 'Gemfile', 'Guardfile'],
    interpreters: ['ruby'],
    grammars: [vs('tree-sitter-ruby.wasm'), ws('tree-sitter-ruby.wasm')],
  },
  {
    id: 'php',
    name: 'PHP',
    extensions: ['.php', '.phtml'],
    interpreters: ['php'],
    grammars: [ws('tree-sitter-php.wasm'), vs('tree-sitter-php.wasm')],
  },
  {
    id: 'kotlin',
    name: 'Kotlin',
    extensions: ['.kt', '.kts'],
    grammars: [ws('tree-sitter-kotlin.wasm')],
  },
  {
    id: 'swift',
    name: 'Swift',
    extensions: ['.swift'],
    grammars: [ws('tree-sitter-swift.wasm')],
  },
  {
    id: 'scala',
    name: 'Scala',
    extensions: ['.scala', '.sc'],
    interpreters: ['scala'],
    grammars: [ws('tree-sitter-scala.wasm')],
  },
  {
    id: 'bash',
    name: 'Bash',
    extensions: ['.sh', '.bash', '.zsh'],
    fileNames: ['.bashrc', '.bash_profile', '.profile', '.zshrc'],
    interpreters: ['sh', 'bash', 'zsh', 'dash', 'ksh'],
    grammars: [vs('tree-sitter-bash.wasm'), ws('tree-sitter-bash.wasm')],
  },
  {
    id: 'lua',
    name: 'Lua',
    extensions: ['.lua'],
    interpreters: ['lua', 'luajit'],
    grammars: [ws('tree-sitter-lua.wasm')],
  },
];

const byId = new Map(LANGUAGES.map((spec) => [spec.id, spec]));

/** Looks a language up by its id; undefined for ids the registry does not know. */
export function getLanguage(id: string): LanguageSpec | undefined {
  return byId.get(id);
}
