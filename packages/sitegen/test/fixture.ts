import type { SiteField, SiteLink, SiteModel, SiteObject } from '@codedocs/contract';

/**
 * A small compilation of two repositories written for these tests: a TypeScript key-value store
 * and a Python ingest job that uses it. Links cross files and repositories; some targets are
 * outside the site (key null). Docs include edited, imported, stale and hostile markdown.
 */
const KV = 'repo-kv';
const ING = 'repo-ingest';
const KV_COMMIT = '4f1c2a9be0d35e7718c0a6f2b9d4e1c3a5b7d9e1';
const ING_COMMIT = '9a8b7c6d5e4f30211203f4e5d6c7b8a9f0e1d2c3';

function field(
  field_id: string,
  value: string,
  extra: Partial<SiteField> = {},
): SiteField {
  const label = field_id.startsWith('param:')
    ? `Parameter ${field_id.slice(6)}`
    : field_id[0]!.toUpperCase() + field_id.slice(1);
  return {
    field_id,
    label,
    value,
    source: 'generated',
    updated_by: null,
    updated_at: null,
    stale: false,
    ...extra,
  };
}

const link = (key: string | null, name: string): SiteLink => ({ key, name });

function object(
  repo: string,
  id: string,
  partial: Partial<SiteObject> & Pick<SiteObject, 'name' | 'qualified_name' | 'kind' | 'signature' | 'code' | 'position' | 'line_start' | 'line_end'>,
  sourceBase: string | null,
): SiteObject {
  return {
    key: `${repo}:${id}`,
    object_id: id,
    language: repo === KV ? 'typescript' : 'python',
    status: 'documented',
    source_url: sourceBase ? `${sourceBase}#L${partial.line_start}-L${partial.line_end}` : null,
    parent_key: null,
    fields: [],
    calls: [],
    called_by: [],
    extends: [],
    extended_by: [],
    ...partial,
  };
}

const STORE_SRC = 'https://git.example.test/acme/kv-store/blob/' + KV_COMMIT + '/src/store.ts';
const CODEC_SRC = 'https://git.example.test/acme/kv-store/blob/' + KV_COMMIT + '/src/codec.ts';

export const HOSTILE_MARKDOWN = [
  'Reads the value. <script>alert("pwned")</script>',
  '<img src="x" onerror="alert(1)"> <iframe src="https://evil.example.test/"></iframe>',
  '[click me](javascript:alert(2)) and ![pixel](https://tracker.example.test/p.gif)',
  '<style>body{display:none}</style><a href="https://docs.example.test/guide" onclick="steal()">the guide</a>',
  '<div onmouseover="x()">hover</div>',
].join('\n\n');

export function fixtureModel(): SiteModel {
  const store = object(KV, 'o-store', {
    name: 'Store',
    qualified_name: 'Store',
    kind: 'class',
    signature: 'export class Store<V> implements Closable',
    line_start: 12,
    line_end: 48,
    position: 0,
    code: 'export class Store<V> implements Closable {\n  private readonly entries = new Map<string, V>();\n  constructor(private readonly codec: Codec<V>) {}\n}\n',
    fields: [
      field('summary', 'An in-memory **key-value** store with pluggable encoding.', {
        source: 'edited',
        updated_by: 'Ada Lovelace',
        updated_at: '2026-11-20T09:15:00.000Z',
      }),
      field('description', 'Entries are kept in a `Map`; see `Store.get`.'),
    ],
    extends: [link(null, 'Closable')],
  }, STORE_SRC);
  const get = object(KV, 'o-get', {
    name: 'get',
    qualified_name: 'Store.get',
    kind: 'method',
    signature: 'get(key: string, fallback?: V): V | undefined',
    line_start: 20,
    line_end: 24,
    position: 1,
    parent_key: `${KV}:o-store`,
    status: 'stale',
    code: '  get(key: string, fallback?: V): V | undefined {\n    const raw = this.entries.get(key);\n    return raw === undefined ? fallback : decodeEntry(this.codec, raw);\n  }\n',
    fields: [
      field('summary', HOSTILE_MARKDOWN, { stale: true }),
      field('param:key', 'The entry\'s key.', { source: 'imported' }),
      field('param:fallback', 'Returned when `key` is missing.'),
      field('returns', 'The decoded value, or `fallback`.'),
      field('throws', 'Nothing: the body throws no errors of its own.'),
      field('example', '```typescript\nconst port = store.get("port", 8080);\n```'),
      field('notes', ''),
    ],
    calls: [link(`${KV}:o-decode`, 'decodeEntry'), link(null, 'Map.get')],
    called_by: [link(`${ING}:o-run`, 'run_pipeline')],
  }, STORE_SRC);
  const set = object(KV, 'o-set', {
    name: 'set',
    qualified_name: 'Store.set',
    kind: 'method',
    signature: 'set(key: string, value: V): void',
    line_start: 26,
    line_end: 29,
    position: 2,
    parent_key: `${KV}:o-store`,
    code: '  set(key: string, value: V): void {\n    this.entries.set(key, encodeEntry(this.codec, value));\n  }\n',
    fields: [field('summary', 'Stores `value` under `key`, replacing any earlier value.')],
    calls: [link(`${KV}:o-encode`, 'encodeEntry')],
    called_by: [link(`${ING}:o-flush`, 'Batch.flush')],
  }, STORE_SRC);
  const codec = object(KV, 'o-codec', {
    name: 'Codec',
    qualified_name: 'Codec',
    kind: 'interface',
    signature: 'export interface Codec<V>',
    line_start: 1,
    line_end: 4,
    position: 3,
    code: 'export interface Codec<V> {\n  encode(value: V): string;\n  decode(text: string): V;\n}\n',
    fields: [field('summary', 'Turns values into strings and back.')],
    extended_by: [link(`${KV}:o-json`, 'JsonCodec')],
  }, CODEC_SRC);
  const json = object(KV, 'o-json', {
    name: 'JsonCodec',
    qualified_name: 'JsonCodec',
    kind: 'class',
    signature: 'export class JsonCodec<V> implements Codec<V>',
    line_start: 6,
    line_end: 13,
    position: 4,
    code: 'export class JsonCodec<V> implements Codec<V> {\n  encode(value: V): string {\n    return JSON.stringify(value);\n  }\n  decode(text: string): V {\n    return JSON.parse(text) as V;\n  }\n}\n',
    fields: [field('summary', 'A `Codec` that writes JSON.')],
    extends: [link(`${KV}:o-codec`, 'Codec')],
  }, CODEC_SRC);
  const encode = object(KV, 'o-encode', {
    name: 'encodeEntry',
    qualified_name: 'encodeEntry',
    kind: 'function',
    signature: 'export function encodeEntry<V>(codec: Codec<V>, value: V): string',
    line_start: 15,
    line_end: 17,
    position: 5,
    code: 'export function encodeEntry<V>(codec: Codec<V>, value: V): string {\n  return codec.encode(value);\n}\n',
    fields: [field('summary', 'Encodes one entry with `codec`.'), field('param:codec', 'The codec.'), field('param:value', 'The value.')],
    called_by: [link(`${KV}:o-set`, 'Store.set')],
  }, CODEC_SRC);
  const decode = object(KV, 'o-decode', {
    name: 'decodeEntry',
    qualified_name: 'decodeEntry',
    kind: 'function',
    signature: 'export function decodeEntry<V>(codec: Codec<V>, text: string): V',
    line_start: 19,
    line_end: 21,
    position: 6,
    status: 'undocumented',
    code: 'export function decodeEntry<V>(codec: Codec<V>, text: string): V {\n  return codec.decode(text);\n}\n',
    called_by: [link(`${KV}:o-get`, 'Store.get')],
  }, CODEC_SRC);

  const run = object(ING, 'o-run', {
    name: 'run_pipeline',
    qualified_name: 'ingest.pipeline.run_pipeline',
    kind: 'function',
    signature: 'def run_pipeline(source: Iterable[dict], batch_size: int = 100) -> int:',
    line_start: 30,
    line_end: 41,
    position: 7,
    code: 'def run_pipeline(source: Iterable[dict], batch_size: int = 100) -> int:\n    batch = Batch(batch_size)\n    for record in source:\n        batch.add(record)\n    return batch.flush()\n',
    source_url: null,
    fields: [
      field('summary', 'Reads every record of `source` into batches and flushes them.'),
      field('param:source', 'Records to ingest.'),
      field('param:batch_size', 'Records per batch.'),
      field('returns', 'How many records were written.'),
      field('example', '```python\ncount = run_pipeline(rows, batch_size=50)\n```'),
    ],
    calls: [link(`${ING}:o-flush`, 'Batch.flush'), link(`${KV}:o-get`, 'Store.get'), link(null, 'print')],
  }, null);
  const batch = object(ING, 'o-batch', {
    name: 'Batch',
    qualified_name: 'ingest.batch.Batch',
    kind: 'class',
    signature: 'class Batch:',
    line_start: 5,
    line_end: 25,
    position: 8,
    code: 'class Batch:\n    def __init__(self, size: int) -> None:\n        self.size = size\n        self.rows: list[dict] = []\n',
    source_url: null,
    fields: [field('summary', 'Collects records until `size` is reached.')],
  }, null);
  const flush = object(ING, 'o-flush', {
    name: 'flush',
    qualified_name: 'ingest.batch.Batch.flush',
    kind: 'method',
    signature: 'def flush(self) -> int:',
    line_start: 18,
    line_end: 25,
    position: 9,
    parent_key: `${ING}:o-batch`,
    code: 'def flush(self) -> int:\n    written = len(self.rows)\n    self.rows.clear()\n    return written\n',
    source_url: null,
    fields: [field('summary', 'Writes the collected rows and empties the batch.', { source: 'edited', updated_by: 'Grace Hopper', updated_at: '2026-11-21T16:40:00.000Z', stale: true })],
    calls: [link(`${KV}:o-set`, 'Store.set')],
    called_by: [link(`${ING}:o-run`, 'run_pipeline')],
  }, null);

  return {
    version: 1,
    title: 'Acme platform docs',
    compilation_id: 'comp-1',
    compilation_name: 'Storage and ingest',
    built_at: '2026-11-25T11:00:00.000Z',
    repositories: [
      {
        repo_id: KV,
        name: 'kv-store',
        url: 'https://git.example.test/acme/kv-store.git',
        web_url: 'https://git.example.test/acme/kv-store',
        branch: 'main',
        commit_id: KV_COMMIT,
        object_count: 9,
        documented_count: 6,
        files: [
          { file_id: 'f-store', path: 'src/store.ts', language: 'typescript', source_url: 'https://git.example.test/acme/kv-store/blob/' + KV_COMMIT + '/src/store.ts', objects: [set, store, get] },
          { file_id: 'f-codec', path: 'src/codec.ts', language: 'typescript', source_url: 'https://git.example.test/acme/kv-store/blob/' + KV_COMMIT + '/src/codec.ts', objects: [codec, json, encode, decode] },
        ],
      },
      {
        repo_id: ING,
        name: 'ingest',
        url: 'git@git.example.test:acme/ingest.git',
        web_url: null,
        branch: null,
        commit_id: ING_COMMIT,
        object_count: 3,
        documented_count: 3,
        files: [
          { file_id: 'f-pipe', path: 'ingest/pipeline.py', language: 'python', source_url: null, objects: [run] },
          { file_id: 'f-batch', path: 'ingest/batch.py', language: 'python', source_url: null, objects: [batch, flush] },
        ],
      },
    ],
  };
}

/** A sink that keeps files in memory, in write order. */
export function memorySink(): { files: Map<string, string>; write(path: string, data: Uint8Array | string): Promise<void> } {
  const files = new Map<string, string>();
  const decoder = new TextDecoder();
  return {
    files,
    async write(path, data) {
      if (files.has(path)) throw new Error(`written twice: ${path}`);
      files.set(path, typeof data === 'string' ? data : decoder.decode(data));
    },
  };
}
