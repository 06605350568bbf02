import type { ProseFacts } from '../services/livedocs/prose/prose-facts';

/** One small function's facts, as the engine would give them, for the prose tests. */
export function scaleFacts(overrides: Partial<ProseFacts> = {}): ProseFacts {
  return {
    language: 'typescript',
    kind: 'function',
    name: 'scale',
    qualifiedName: 'math.scale',
    signature: 'export function scale(values: number[], factor = 2, ...rest: number[]): number[]',
    code: 'export function scale(values: number[], factor = 2): number[] {\n  return values.map((v) => add(v, v) * factor);\n}',
    parameters: [{ name: 'values', type: 'number[]' }, { name: 'factor' }, { name: '...rest' }],
    returnType: 'number[]',
    throws: [],
    calls: ['math.add'],
    calledBy: ['report.render'],
    deterministic: {
      summary: 'Scales values.',
      description: '',
      params: { values: 'The values.', factor: 'The factor.', '...rest': 'More values.' },
    },
    knownSymbols: new Set(['add', 'math.add', 'scale', 'math.scale', 'render', 'report.render']),
    ...overrides,
  };
}
