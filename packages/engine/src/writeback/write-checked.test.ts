import { describe, expect, test } from 'vitest';
import { indexFile } from '../index-file.ts';
import { writeDocs } from './write-file.ts';
import { writeDocsChecked } from './write-checked.ts';

// prose after a section is description to the reader; the writer puts a new description
// before the sections, so the old words would still be read with it
const SOURCE = `def total(a, b):
    """Sum two numbers.

    Args:
        a: The first.
        b: The second.

    Both may be negative.
    """
    return a + b


def main():
    """Run the viewer."""
`;

describe('writeDocsChecked', () => {
  test('an edit that would not read back as written leaves the comment as it is, and says why', async () => {
    const index = await indexFile({ path: 'calc.py', content: SOURCE });
    const total = index.objects.find((o) => o.name === 'total')!;
    const main = index.objects.find((o) => o.name === 'main')!;
    const edits = [
      { objectId: total.id, fields: new Map([['description', 'Adds them as integers.']]) },
      { objectId: main.id, fields: new Map([['summary', 'Runs the viewer until it is closed.']]) },
    ];
    // the plain writer's result, read back, says more than the edit
    const plain = writeDocs(SOURCE, index, edits);
    const misread = await indexFile({ path: 'calc.py', content: plain.text });
    expect(misread.objects.find((o) => o.name === 'total')?.doc?.description).not.toBe(
      'Adds them as integers.',
    );

    const result = await writeDocsChecked(SOURCE, index, edits);
    const reread = await indexFile({ path: 'calc.py', content: result.text });
    expect(reread.objects.find((o) => o.name === 'total')?.doc).toEqual(total.doc);
    expect(reread.objects.find((o) => o.name === 'main')?.doc?.summary).toBe(
      'Runs the viewer until it is closed.',
    );
    expect(result.written.map((w) => w.objectId)).toEqual([main.id]);
    expect(result.skipped).toEqual([
      { objectId: total.id, reason: 'left as it is: its description would read back differently' },
    ]);
  });
});
