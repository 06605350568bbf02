import type { DocstringStyle } from './render.ts';

/**
 * The docstring style a repository writes (Google, NumPy or reST), by counting the marks of each
 * in its docstrings; Google when none shows (PEP 257 prose reads the same in all three).
 */
export function detectDocstringStyle(docstrings: Iterable<string>): DocstringStyle {
  const counts: Record<DocstringStyle, number> = { google: 0, numpy: 0, rest: 0 };
  for (const text of docstrings) {
    if (/^\s*(Args|Arguments|Returns|Raises|Yields|Example|Examples):\s*$/m.test(text))
      counts.google++;
    if (/^\s*(Parameters|Returns|Raises|Examples)\s*\n\s*-{3,}\s*$/m.test(text)) counts.numpy++;
    if (/^\s*:(param|type|returns?|rtype|raises?)\b[^:]*:/m.test(text)) counts.rest++;
  }
  const best = (Object.keys(counts) as DocstringStyle[]).sort((a, b) => counts[b] - counts[a])[0]!;
  return counts[best] > 0 ? best : 'google';
}
