import { describe, expect, test } from 'vitest';
import { indexRepository } from '../index-repository.ts';
import type { Claim } from './claims.ts';
import { generateDoc, type GeneratedDoc } from './docs.ts';
import { statementAt } from './examples.ts';
import { readFileFacts } from './facts.ts';
import { docFields } from './fields.ts';
import { verifyFile } from './verify.ts';

/*
 * Issue 42: no generated sentence the code refutes. Small code in the shapes that were stated
 * wrongly, in each language concerned; every doc generated from it goes through the verifier,
 * and the verifier itself is shown refuting the wrong claims of before.
 */

interface Generated {
  fields: Map<string, string>;
  doc: GeneratedDoc;
}

/** Docs for every object of the files (author text hidden), each verified: none refuted. */
async function generate(files: Record<string, string>): Promise<(name: string) => Generated> {
  const index = await indexRepository(
    Object.entries(files).map(([path, content]) => ({ path, content })),
  );
  const out = new Map<string, Generated>();
  for (const file of index.files) {
    const facts = await readFileFacts(file, files[file.path]!);
    const docs = new Map<string, GeneratedDoc>();
    for (const object of file.objects) {
      const hidden = { ...object };
      delete hidden.doc;
      const doc = generateDoc(hidden, index.references, {
        facts: facts.get(object.id),
        sourceOf: (p) => files[p],
        language: file.language ?? '',
        siblings: file.objects,
      });
      docs.set(object.id, doc);
      const fields = docFields(hidden, doc, { filePath: file.path, language: '' });
      out.set(object.qualifiedName, { fields, doc });
    }
    const { refuted } = await verifyFile(file, files[file.path]!, docs, (p) => files[p]);
    expect(refuted, file.path).toEqual([]);
  }
  return (name) => {
    const found = out.get(name);
    if (!found) throw new Error(`no ${name} in ${[...out.keys()].join(', ')}`);
    return found;
  };
}

/** The reasons the verifier gives against hand-written claims about one object. */
async function refutations(
  path: string,
  source: string,
  name: string,
  claims: Claim[],
  sources: Record<string, string> = {},
): Promise<string[]> {
  const index = await indexRepository([{ path, content: source }]);
  const file = index.files[0]!;
  const object = file.objects.find((o) => o.qualifiedName === name)!;
  const doc: GeneratedDoc = {
    objectId: object.id,
    summary: '',
    description: '',
    parameters: [],
    throws: [],
    notes: [],
    fromComment: [],
    claims,
  };
  const { refuted } = await verifyFile(file, source, new Map([[object.id, doc]]), (p) =>
    p === path ? source : sources[p],
  );
  return refuted.map((r) => r.reason);
}

const all = (g: Generated) => [...g.fields.values()].filter(Boolean).join('\n');

describe('issue 42: Returns name every return path, or say how many are left', () => {
  const js = `function toObject(form) {\n  if (form.ok) {\n    const obj = {};\n    obj.name = form.name;\n    return obj;\n  }\n  return null;\n}\n`;

  test('JavaScript: a guarded local and a `null` after it are two cases, never "Returns literally `null`"', async () => {
    const of = await generate({ 'form.js': js });
    const returns = of('toObject').fields.get('returns');
    expect(returns).toBe('- `obj` when `form.ok`\n- literally `null` otherwise');
    expect(of('toObject').fields.get('summary')).toBe('');
    expect(
      await refutations('form.js', js, 'toObject', [
        { field: 'returns', kind: 'return', value: 'literally `null`', otherwise: true },
      ]),
    ).toEqual(['the return path `obj` (line 5) is not stated']);
  });

  test('Java: the same shape with a built object', async () => {
    const java = `class Json {\n  static Object read(Reader in) {\n    if (in.ready()) {\n      Map<String, Object> obj = new HashMap<>();\n      obj.put("k", in.read());\n      return obj;\n    }\n    return null;\n  }\n}\n`;
    const of = await generate({ 'Json.java': java });
    expect(of('Json.read').fields.get('returns')).toBe(
      '`Object`: - `obj` when `in.ready()`\n- literally `null` otherwise',
    );
  });

  test('Rust: a shadowing `let` is no parameter "as passed in"', async () => {
    const rust = `pub fn normalize<P: AsRef<Path>>(path: P) -> PathBuf {\n    let mut path = path.as_ref().to_path_buf();\n    path.push("x");\n    path\n}\n`;
    const of = await generate({ 'norm.rs': rust });
    expect(all(of('normalize'))).not.toContain('as passed in');
    expect(of('normalize').fields.get('returns')).toBe(
      "`PathBuf`: `path` after the body's changes.",
    );
    expect(
      await refutations('norm.rs', rust, 'normalize', [
        { field: 'returns', kind: 'return', value: '`path` as passed in', otherwise: true },
      ]),
    ).toContain('no return path gives that value');
  });

  test('Java: a returned anonymous class is named by its type, never pasted', async () => {
    const java = `class Tasks {\n  Runnable every(final int n) {\n    return new Runnable() {\n      public void run() { System.out.println(n); }\n    };\n  }\n}\n`;
    const of = await generate({ 'Tasks.java': java });
    const every = of('Tasks.every');
    expect(every.fields.get('summary')).toBe('Returns a new anonymous `Runnable`.');
    expect(every.fields.get('returns')).toBe('A new anonymous `Runnable`.');
    expect(all(every)).not.toContain('println');
    // and `n`, read inside the anonymous class, is used
    expect(every.fields.get('param:n')).toBe('');
  });

  test('Python: `__exit__` returning `True` says it suppresses the exception', async () => {
    const py = `class Collect:\n    def __exit__(self, kind, value, tb):\n        self.errors.append(value)\n        return True\n`;
    const of = await generate({ 'collect.py': py });
    const exit = of('Collect.__exit__');
    expect(exit.fields.get('summary')).toBe(
      'Suppresses the exception raised in the `with` block (returns `True`).',
    );
    expect(exit.fields.get('returns')).toContain('suppressed');
  });

  test('Go: five return cases, two in `switch` arms: those are counted, not dropped', async () => {
    const go = `package utf\n\nfunc shift(b []byte, n int) int {\n\tswitch {\n\tcase n == 0:\n\t\treturn 0\n\tcase n == 1:\n\t\treturn 1\n\t}\n\tif n > 4 {\n\t\treturn 4\n\t}\n\tif len(b) == 0 {\n\t\treturn -1\n\t}\n\treturn n\n}\n`;
    const of = await generate({ 'shift.go': go });
    expect(of('shift').fields.get('returns')).toBe(
      '`int`: - literally `4` when `n > 4`\n- literally `-1` when `len(b) == 0`\n- `n` as passed in otherwise\n- 2 other return paths (in a loop, a `switch` arm or a case not quoted)',
    );
    expect(
      await refutations('shift.go', go, 'shift', [
        { field: 'returns', kind: 'return', value: 'literally `4`', when: 'n > 4' },
        { field: 'returns', kind: 'return', value: '`n` as passed in', otherwise: true },
      ]),
    ).toHaveLength(3);
  });
});

describe('issue 42: conditions keep their meaning', () => {
  const py = `def bypass(url, no_proxy):\n    if url or no_proxy:\n        if url.startswith("x"):\n            return True\n    return False\n`;

  test('Python: a loose condition joined to another keeps its parentheses', async () => {
    const of = await generate({ 'proxy.py': py });
    expect(of('bypass').fields.get('returns')).toBe(
      '- literally `True` when `(url or no_proxy) and url.startswith("x")`\n- literally `False` otherwise',
    );
    expect(
      await refutations('proxy.py', py, 'bypass', [
        {
          field: 'returns',
          kind: 'return',
          value: 'literally `True`',
          when: 'url or no_proxy and url.startswith("x")',
        },
        { field: 'returns', kind: 'return', value: 'literally `False`', otherwise: true },
      ]),
    ).toContain('no path with that value runs under that condition');
  });

  test('JavaScript: conditions join with `&&` and negate with `!`', async () => {
    const js = `function level(code) {\n  if (code >= 500 || code === 0) {\n    return "error";\n  } else if (code >= 400) {\n    return "warning";\n  }\n  return "ok";\n}\n`;
    const of = await generate({ 'level.js': js });
    expect(of('level').fields.get('returns')).toBe(
      '- literally `"error"` when `code >= 500 || code === 0`\n- literally `"warning"` when `!(code >= 500 || code === 0) && code >= 400`\n- literally `"ok"` otherwise',
    );
  });
});

test('C: a negated call is written `!f(x)`, which C cannot read as a cast the way `!(f(x)) && y` is', async () => {
  const c = `int cmp(long i, double r) {\n  if (isnan(r)) {\n    return 1;\n  } else {\n    if (r < -9.0) return +1;\n  }\n  return 0;\n}\n`;
  const of = await generate({ 'cmp.c': c });
  expect(of('cmp').fields.get('returns')).toBe(
    '`int`: - literally `1` when `isnan(r)`\n- `+1` when `!isnan(r) && r < -9.0`\n- literally `0` otherwise',
  );
});

describe('issue 42: "Not used by the body" only when the name is read nowhere inside', () => {
  test('Go: a closure reading the parameter reads it', async () => {
    const go = `package match\n\nfunc Exact(n int) func(int) bool {\n\treturn func(k int) bool { return k == n }\n}\n`;
    const of = await generate({ 'exact.go': go });
    expect(of('Exact').fields.get('param:n')).toBe('');
    expect(of('Exact').fields.get('returns')).toBe('`func(int) bool`: A new function (a closure).');
    expect(
      await refutations('exact.go', go, 'Exact', [
        { field: 'param:n', kind: 'unused', param: 'n' },
      ]),
    ).toEqual(['`n` is read at line 4']);
  });

  test('Java: an anonymous `Runnable` reading the parameter reads it', async () => {
    const java = `class Pool {\n  void submit(final String name) {\n    run(new Runnable() {\n      public void run() { log(name); }\n    });\n  }\n}\n`;
    const of = await generate({ 'Pool.java': java });
    expect(of('Pool.submit').fields.get('param:name')).not.toContain('Not used');
  });
});

describe('issue 42: effects from what the code does, never from a name', () => {
  const go = `package cli\n\nimport "flag"\n\nfunc parse(fs *flag.FlagSet, args []string) error {\n\treturn fs.Parse(args)\n}\n`;

  test('Go: a `*flag.FlagSet` named `fs` is no file access', async () => {
    const of = await generate({ 'cli.go': go });
    expect(of('parse').fields.get('description')).toBe('');
    expect(
      await refutations('cli.go', go, 'parse', [
        { field: 'description', kind: 'effect', effect: 'files', call: 'fs.Parse' },
      ]),
    ).toEqual(['`fs` is a parameter: its type, not its name, says what it does']);
  });

  test('JavaScript: the `fs` module still works on files', async () => {
    const js = `const fs = require("fs");\nfunction save(path, text) {\n  fs.writeFileSync(path, text);\n}\n`;
    const of = await generate({ 'save.js': js });
    expect(of('save').fields.get('description')).toBe('Works on files through `fs.writeFileSync`.');
  });
});

describe('issue 42: examples and "Callers pass" come from a call of the object, whole arguments', () => {
  test('JavaScript: a call inside an object literal is not its neighbour’s', async () => {
    const js = `function mergeHeaders(a, b) { return a || b; }\nfunction newHookValue(hooks) { return hooks.slice(); }\nfunction mergeAll(source1, source2) {\n  return {\n    headers: mergeHeaders(source1, source2),\n    hooks: newHookValue(source1.hooks),\n  };\n}\n`;
    const of = await generate({ 'merge.js': js });
    expect(of('newHookValue').fields.get('example')).toContain('newHookValue(source1.hooks)');
    expect(of('newHookValue').fields.get('example')).not.toContain('mergeHeaders');
    expect(of('newHookValue').fields.get('param:hooks')).toContain('Callers pass `source1.hooks`.');
  });

  test('JavaScript: blanks at the end of a line do not shift where the arguments start', () => {
    const js = `function pick(req, keys) {\n  var accept = keys.length > 0   \n    ? req.accepts(normalizeTypes(keys))\n    : null;\n  return accept;\n}\n`;
    expect(statementAt(js, 3, 'normalizeTypes', 'javascript')?.args).toEqual(['keys']);
  });

  test('Go: `rootCmd.AddCommand(childCmd)` gives the whole argument', async () => {
    const go = `package cmd\n\ntype Command struct{ subs []*Command }\n\nfunc (c *Command) AddCommand(child *Command) {\n\tc.subs = append(c.subs, child)\n}\n\nfunc setup(rootCmd, childCmd *Command) {\n\trootCmd.AddCommand(childCmd)\n}\n`;
    const of = await generate({ 'cmd.go': go });
    expect(of('Command.AddCommand').fields.get('param:child')).toContain(
      'Callers pass `childCmd`.',
    );
  });

  test('the verifier refutes a cut argument and an example that is no call of the object', async () => {
    const js = `function normalizeTypes(t) { return t; }\nfunction pick(req, keys) {\n  return req.accepts(normalizeTypes(keys));\n}\n`;
    const reasons = await refutations('pick.js', js, 'normalizeTypes', [
      {
        field: 'param:t',
        kind: 'passed',
        param: 't',
        value: '? req.accepts(keys',
        example: 'req.accepts(normalizeTypes(keys))',
        name: 'normalizeTypes',
        path: 'pick.js',
        line: 3,
      },
      {
        field: 'example',
        kind: 'example',
        code: 'return req.accepts(keys);',
        name: 'normalizeTypes',
        path: 'pick.js',
        line: 3,
      },
    ]);
    expect(reasons).toEqual([
      '`? req.accepts(keys` is no whole argument of the call',
      'not in `pick.js` near line 3',
    ]);
  });
});

describe('issue 42: no inventory as prose', () => {
  test('JavaScript and Java: calls, callers, bases, members, file and lines are structure, not sentences', async () => {
    const js = `function a() {}\nfunction b() {}\nfunction run() {\n  a();\n  b();\n  return Math.max(1, 2);\n}\nfunction main() { run(); }\n`;
    const java = `import java.util.*;\nclass Pairs<K, V> extends AbstractSet<Map.Entry<K, V>> {\n  public Iterator<Map.Entry<K, V>> iterator() { return entries.iterator(); }\n  public int size() { return entries.size(); }\n}\n`;
    const of = await generate({ 'run.js': js, 'Pairs.java': java });
    const run = of('run');
    expect(run.fields.get('summary')).toBe('');
    expect(run.fields.get('description')).toBe('');
    expect(run.fields.get('returns')).toBe('');
    expect(run.fields.get('notes')).toBe('');
    const pairs = of('Pairs');
    expect(all(pairs)).toBe('');
    // types split by the grammar, never at commas
    expect(all(pairs)).not.toContain('Entry<K`');
  });
});

test('a language without a fact syntax: its claims are counted as unchecked, not refuted', async () => {
  const source = 'fun twice(x: Int): Int = x * 2\n';
  const index = await indexRepository([{ path: 'a.kt', content: source }]);
  const file = index.files[0]!;
  const object = file.objects.find((o) => o.name === 'twice')!;
  const doc: GeneratedDoc = {
    objectId: object.id,
    summary: '',
    description: '',
    parameters: [],
    throws: [],
    notes: [],
    fromComment: [],
    claims: [{ field: 'param:x', kind: 'default', param: 'x', value: '1' }],
  };
  const result = await verifyFile(file, source, new Map([[object.id, doc]]));
  expect(result).toEqual({ claims: 1, unchecked: 1, refuted: [] });
});
