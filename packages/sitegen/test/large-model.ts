import type { SiteField, SiteModel, SiteObject, SiteRepository } from '@codedocs/contract';

const VERBS = [
  'parse',
  'load',
  'write',
  'merge',
  'resolve',
  'encode',
  'decode',
  'render',
  'flush',
  'open',
];
const NOUNS = [
  'Config',
  'Entry',
  'Batch',
  'Record',
  'Index',
  'Token',
  'Route',
  'Schema',
  'Stream',
  'Cache',
];

function field(field_id: string, label: string, value: string): SiteField {
  return {
    field_id,
    label,
    value,
    source: 'generated',
    updated_by: null,
    updated_at: null,
    stale: false,
  };
}

/**
 * A synthetic compilation of `count` objects (two repositories, 20 objects a file, calls to
 * neighbours) with the fields the engine writes: summary, parameters, returns, an example.
 */
export function largeModel(count: number): SiteModel {
  const repos: SiteRepository[] = [];
  const perRepo = Math.ceil(count / 2);
  for (let r = 0; r < 2; r += 1) {
    const repoId = `repo-${r}`;
    const language = r === 0 ? 'typescript' : 'python';
    const files: SiteRepository['files'] = [];
    const total = Math.min(perRepo, count - r * perRepo);
    for (let start = 0; start < total; start += 20) {
      const objects: SiteObject[] = [];
      for (let i = start; i < Math.min(total, start + 20); i += 1) {
        const name = `${VERBS[i % 10]}${NOUNS[Math.floor(i / 10) % 10]}${i}`;
        const key = (n: number) => `${repoId}:o${n}`;
        const signature =
          language === 'typescript'
            ? `export function ${name}(source: string, options: ${NOUNS[i % 10]}Options = {}): Promise<${NOUNS[i % 10]}>`
            : `def ${name}(source: str, options: dict | None = None) -> ${NOUNS[i % 10]}:`;
        objects.push({
          key: key(i),
          object_id: `o${i}`,
          name,
          qualified_name: `module${Math.floor(i / 20)}.${name}`,
          kind: 'function',
          language,
          signature,
          line_start: 10 + (i % 20) * 12,
          line_end: 20 + (i % 20) * 12,
          position: r * perRepo + i,
          status: i % 7 === 0 ? 'stale' : 'documented',
          code: `${signature}\n  const value = read(source);\n  return transform(value, options);\n`,
          source_url: `https://git.example.test/o/r${r}/blob/c/src/m${Math.floor(i / 20)}#L1`,
          parent_key: null,
          fields: [
            field(
              'summary',
              'Summary',
              `${VERBS[i % 10]}s a ${NOUNS[i % 10]} from \`source\` and returns it.`,
            ),
            field('param:source', 'Parameter source', 'The text to read.'),
            field(
              'param:options',
              'Parameter options',
              `Settings; see \`${NOUNS[i % 10]}Options\`.`,
            ),
            field('returns', 'Returns', `The ${NOUNS[i % 10]}.`),
            field(
              'example',
              'Example',
              '```' + language + `\nconst out = await ${name}(text, { strict: true })\n` + '```',
            ),
          ],
          calls: i + 1 < total ? [{ key: key(i + 1), name: `next${i + 1}` }] : [],
          called_by:
            i > 0
              ? [
                  { key: key(i - 1), name: `prev${i - 1}` },
                  { key: null, name: 'main' },
                ]
              : [],
          extends: [],
          extended_by: [],
        });
      }
      files.push({
        file_id: `${repoId}-f${start}`,
        path: `src/module${start / 20}.${language === 'typescript' ? 'ts' : 'py'}`,
        language,
        source_url: null,
        objects,
      });
    }
    repos.push({
      repo_id: repoId,
      name: `repo${r}`,
      url: `https://git.example.test/o/r${r}.git`,
      web_url: null,
      branch: 'main',
      commit_id: `${r}`.repeat(40),
      object_count: total,
      documented_count: total,
      files,
    });
  }
  return {
    version: 1,
    title: 'Large',
    compilation_id: 'c',
    compilation_name: 'Large',
    built_at: '2026-11-25T00:00:00.000Z',
    repositories: repos,
  };
}
