import { expect, test } from 'vitest';
import { indexRepository } from '../index-repository.ts';
import { generateDoc } from './docs.ts';
import { readFileFacts } from './facts.ts';
import { docFields, templateFieldIds } from './fields.ts';

// the shapes of flask's helpers and config, written for this test
const files: Record<string, string> = {
  'src/app/config.py': `import logging
import os
from datetime import timedelta

log = logging.getLogger(__name__)


def get_send_file_max_age(value, default=None):
    if value is None or isinstance(value, timedelta):
        return value
    if value < 0:
        raise ValueError("negative age")
    log.debug("age %s", value)
    return int(value)


class Config(dict):
    def __init__(self, root_path, defaults=None):
        super().__init__(defaults or {})
        self.root_path = root_path

    def from_envvar(self, variable_name: str, silent: bool = False) -> bool:
        rv = os.environ.get(variable_name)
        if not rv:
            if silent:
                return False
            raise RuntimeError(f"The environment variable {variable_name!r} is not set")
        return self.from_pyfile(rv, silent=silent)

    def from_pyfile(self, filename, silent=False):
        """Updates the values from a Python file.

        :param filename: the filename of the config.  This can either be an
            absolute filename or a filename relative to the root path.
        :param silent: set to \`\`True\`\` if you want silent failure for missing
            files.
        """
        try:
            with open(filename, mode="rb") as config_file:
                exec(compile(config_file.read(), filename, "exec"))
        except OSError:
            if silent:
                return False
            raise
        return True
`,
  'tests/test_config.py': `from src.app.config import get_send_file_max_age, Config


def test_age():
    assert get_send_file_max_age(
        12,
        default=3,
    ) == 12
    config = Config("/srv")
    config.from_pyfile("settings.cfg", silent=True)
`,
};

async function fieldsOf(name: string) {
  const index = await indexRepository(
    Object.entries(files).map(([path, content]) => ({ path, content })),
  );
  const file = index.files.find((f) => f.objects.some((o) => o.qualifiedName === name))!;
  const facts = await readFileFacts(file, files[file.path]!);
  const object = file.objects.find((o) => o.qualifiedName === name)!;
  const doc = generateDoc(object, index.references, {
    facts: facts.get(object.id),
    sourceOf: (p) => files[p],
    language: 'python',
    siblings: file.objects,
  });
  return {
    object,
    fields: docFields(object, doc, {
      filePath: file.path,
      language: 'python',
      linkTo: (path, line) => `https://example.test/${path}#L${line}`,
    }),
  };
}

test('an undocumented function: its guards, raises, parameter use, callers and a real example', async () => {
  const { fields } = await fieldsOf('get_send_file_max_age');
  expect(fields.get('summary')).toBe('');
  expect(fields.get('returns')).toBe(
    '- `value` as passed in when `value is None or isinstance(value, timedelta)`\n- the result of calling `int` otherwise',
  );
  expect(fields.get('throws')).toBe('- `ValueError`: When `value < 0`');
  expect(fields.get('param:value')).toBe(
    'Compared with `None`; checked against `timedelta`; returned as is; compared with `0`. Callers pass `12`.',
  );
  expect(fields.get('param:default')).toBe(
    'Not used by the body. `None` when omitted. Callers pass `3`.',
  );
  // who calls it is on the page (called-by), not in a sentence
  expect(fields.get('description')).toBe('Logs through `log.debug`.');
  expect(fields.get('notes')).toBe('');
  // the whole statement, over the lines it spans, linked to where it was taken from
  expect(fields.get('example')).toBe(
    '```python\nassert get_send_file_max_age(\n    12,\n    default=3,\n) == 12\n```\n\nFrom [`tests/test_config.py`, line 5](https://example.test/tests/test_config.py#L5).',
  );
});

test('receivers are no parameters; nested conditions and the author’s multi-line Sphinx text', async () => {
  const envvar = await fieldsOf('Config.from_envvar');
  expect([...envvar.fields.keys()]).toEqual(templateFieldIds(envvar.object));
  expect([...envvar.fields.keys()]).not.toContain('param:self');
  expect(envvar.fields.get('returns')).toBe(
    '`bool`: - literally `False` when `not rv and silent`\n- the result of calling `self.from_pyfile` otherwise',
  );
  expect(envvar.fields.get('throws')).toBe('- `RuntimeError`: When `not rv`');
  expect(envvar.fields.get('summary')).toBe('');
  const pyfile = await fieldsOf('Config.from_pyfile');
  expect(pyfile.fields.get('param:filename')).toBe(
    'the filename of the config. This can either be an absolute filename or a filename relative to the root path.',
  );
  expect(pyfile.fields.get('throws')).toBe('- `OSError`: Raised again after handling it');
  // `config.from_pyfile(…)` in the test has a receiver of unknown type: no resolved edge, no
  // example from it; the resolved call in `from_envvar` is the one shown
  expect(pyfile.fields.get('example')).toContain('return self.from_pyfile(rv, silent=silent)');
});

test('issue 42: a class gets no inventory as prose (bases, attributes, members, callers, file and lines); no returns or throws fields', async () => {
  const { object, fields } = await fieldsOf('Config');
  expect(templateFieldIds(object)).toEqual(['summary', 'description', 'example', 'notes']);
  expect(fields.get('summary')).toBe('');
  expect(fields.get('description')).toBe('');
  expect(fields.get('notes')).toBe('');
  const init = await fieldsOf('Config.__init__');
  expect(init.fields.get('summary')).toBe('Sets `self.root_path`.');
  expect(init.fields.get('param:root_path')).toBe('Stored in `self.root_path`.');
});

test('issue 42: a module gets no sentence listing what it defines or exports', async () => {
  const index = await indexRepository([
    ...Object.entries(files).map(([path, content]) => ({ path, content })),
    {
      path: 'src/limits.rs',
      content:
        'pub mod limits {\n    const DEFAULT: u32 = 3;\n\n    fn clamp(n: u32) -> u32 {\n        n.min(DEFAULT)\n    }\n\n    pub fn limit_of(raw: u32) -> u32 {\n        clamp(raw)\n    }\n\n    pub struct Limiter;\n}\n',
    },
  ]);
  const moduleFields = (path: string, language: string) => {
    const file = index.files.find((f) => f.path === path)!;
    const module = file.objects.find((o) => o.kind === 'module');
    expect(module, `a module object for ${path}`).toBeDefined();
    const doc = generateDoc(module!, index.references, {
      sourceOf: (p) => files[p],
      language,
      siblings: file.objects,
    });
    return docFields(module!, doc, { filePath: path, language });
  };
  expect(moduleFields('src/app/config.py', 'python').get('description')).toBe('');
  expect(moduleFields('src/limits.rs', 'rust').get('description')).toBe('');
});
