import { gunzipSync } from 'node:zlib';
import type { Reference } from '@codedocs/engine';
import { describe, expect, it } from 'vitest';
import { decodeReferences, encodeModel, ReferencesEncoder } from './index-codec';

const ref = (fromFile: string, line: number): Reference => ({
  kind: 'call',
  fromFile,
  name: `f${line}`,
  line,
  snippet: `f${line}("é")`,
});

describe('stored references', () => {
  it('stream into one gzipped JSON array, however they are split', async () => {
    const files = ['b.ts', 'a.ts', 'c.ts'].map((path, i) =>
      Array.from({ length: i === 1 ? 4_500 : 3 }, (_, line) => ref(path, line + 1)),
    );
    const encoder = new ReferencesEncoder();
    await encoder.add([]);
    for (const refs of files) await encoder.add(refs);
    const data = await encoder.finish();
    expect(JSON.parse(gunzipSync(data).toString('utf8'))).toEqual(files.flat());
    const empty = new ReferencesEncoder();
    expect(JSON.parse(gunzipSync(await empty.finish()).toString('utf8'))).toEqual([]);
  });

  it('are read back in file order, each file in source order', async () => {
    const encoder = new ReferencesEncoder();
    await encoder.add([ref('b.ts', 2), ref('b.ts', 1)]);
    await encoder.add([ref('a.ts', 9)]);
    const decoded = await decodeReferences('repo', 'streamed', await encoder.finish());
    expect(decoded.map((r) => `${r.fromFile}:${r.line}`)).toEqual(['a.ts:9', 'b.ts:2', 'b.ts:1']);
    // a list stored already in order (as whole-list encoding wrote them) stays as it is
    const sorted = [ref('a.ts', 1), ref('c.ts', 1)];
    expect(await decodeReferences('repo', 'sorted', await encodeModel(sorted))).toEqual(sorted);
  });
});
