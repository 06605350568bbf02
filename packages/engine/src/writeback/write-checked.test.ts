import { describe, expect, test } from 'vitest';
import { indexFile } from '../index-file.ts';
import { writeDocsChecked } from './write-checked.ts';

// turtledemo/__init__.py's shape: a heading between dashed rules, which reads like a NumPy
// section to a writer but is the summary to the reader
const SOURCE = `"""
    --------------------------------------
        About this viewer
    --------------------------------------

    Tiny demo viewer to show turtle graphics example scripts.
"""

def main():
    """Run the viewer."""
`;

describe('writeDocsChecked', () => {
  test('an edit that would not read back as written leaves the comment as it is, and says why', async () => {
    const index = await indexFile({ path: 'demo/__init__.py', content: SOURCE });
    const module = index.objects.find((o) => o.kind === 'module')!;
    const main = index.objects.find((o) => o.name === 'main')!;
    const result = await writeDocsChecked(SOURCE, index, [
      { objectId: module.id, fields: new Map([['summary', 'A demo viewer.']]) },
      { objectId: main.id, fields: new Map([['summary', 'Runs the viewer until it is closed.']]) },
    ]);
    const reread = await indexFile({ path: 'demo/__init__.py', content: result.text });
    expect(reread.objects.find((o) => o.kind === 'module')?.doc).toEqual(module.doc);
    expect(reread.objects.find((o) => o.name === 'main')?.doc?.summary).toBe(
      'Runs the viewer until it is closed.',
    );
    expect(result.written.map((w) => w.objectId)).toEqual([main.id]);
    expect(result.skipped).toEqual([
      { objectId: module.id, reason: expect.stringMatching(/^left as it is: its /) },
    ]);
  });
});
