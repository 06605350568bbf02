import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../test/fake-llm';
import { createProseWriter, parseModelJson, type ProseFacts } from './index';

const facts: ProseFacts = {
  language: 'typescript',
  kind: 'function',
  name: 'scale',
  qualifiedName: 'scale',
  signature: 'export function scale(values: number[], factor = 2): number[]',
  code: 'export function scale(values: number[], factor = 2): number[] {\n  return values.map((v) => add(v, v) * factor);\n}',
  parameters: [{ name: 'values', type: 'number[]' }, { name: 'factor' }],
  returnType: 'number[]',
  throws: [],
  calls: ['add'],
  calledBy: [],
  deterministic: {
    summary: 'Scales values.',
    description: '',
    params: { values: 'The values.', factor: 'The factor.' },
  },
  knownSymbols: new Set(['add', 'scale']),
};

const answer = (value: object | string) => ({
  kind: 'answer' as const,
  content: () => (typeof value === 'string' ? value : JSON.stringify(value)),
});

describe('the model provider (OpenAI-compatible chat completions)', () => {
  let llm: FakeLlm;
  const config = () => ({
    baseUrl: llm.baseUrl,
    model: 'coder-7b',
    apiKey: 'sk-test',
    timeoutMs: 1_000,
    concurrency: 2,
  });

  beforeAll(async () => {
    llm = await startFakeLlm();
  });
  afterAll(() => llm.stop());
  beforeEach(() => {
    llm.requests.length = 0;
    llm.maxInFlight = 0;
  });

  it('sends the facts and reads the prose fields, parameters only of the signature', async () => {
    llm.mode = answer({
      summary: 'Doubles each value with `add` and multiplies it by `factor`.',
      description: 'Maps over `values`.',
      params: { values: 'Numbers to scale.', factor: 'Multiplier.', extra: 'Not a parameter.' },
      returns: 'The scaled numbers.',
      notes: '',
    });
    const result = await createProseWriter(config()).write(facts);
    expect(result).toEqual({
      summary: 'Doubles each value with `add` and multiplies it by `factor`.',
      description: 'Maps over `values`.',
      params: { values: 'Numbers to scale.', factor: 'Multiplier.' },
      returns: 'The scaled numbers.',
    });
    const [request] = llm.requests;
    expect(request).toMatchObject({
      model: 'coder-7b',
      authorization: 'Bearer sk-test',
      response_format: { type: 'json_object' },
      temperature: 0.2,
    });
    expect(request?.messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(JSON.parse(request!.messages[1]!.content)).toMatchObject({
      name: 'scale',
      calls: ['add'],
      parameters: facts.parameters,
    });
  });

  it('removes sentences naming symbols the repository does not have', async () => {
    llm.mode = answer(
      '```json\n' +
        JSON.stringify({
          summary: 'Scales the values. It validates them with `checkRange()` first.',
          description: 'Calls normalizeAll(values) before anything.',
        }) +
        '\n```',
    );
    const result = await createProseWriter(config()).write(facts);
    expect(result).toEqual({ summary: 'Scales the values.' });
  });

  it('answers null (keep the deterministic text) on errors, bad JSON, timeouts and aborts', async () => {
    const writer = createProseWriter({ ...config(), timeoutMs: 200 });
    llm.mode = { kind: 'status', status: 500 };
    expect(await writer.write(facts)).toBeNull();
    llm.mode = answer('I cannot help with that.');
    expect(await writer.write(facts)).toBeNull();
    llm.mode = { kind: 'stall' };
    const started = Date.now();
    expect(await writer.write(facts)).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
    const controller = new AbortController();
    const pending = createProseWriter(config()).write(facts, controller.signal);
    controller.abort();
    expect(await pending).toBeNull();
  });

  it('keeps at most LLM_CONCURRENCY requests in flight', async () => {
    llm.mode = answer({ summary: 'Scales.' });
    const writer = createProseWriter(config());
    const results = await Promise.all(Array.from({ length: 6 }, () => writer.write(facts)));
    expect(results.every((r) => r?.summary === 'Scales.')).toBe(true);
    expect(llm.requests).toHaveLength(6);
    expect(llm.maxInFlight).toBe(2);
  });

  it('reads the JSON object out of fenced or chatty answers', () => {
    expect(parseModelJson('Sure! ```json\n{"summary": "x"}\n``` Done')).toEqual({ summary: 'x' });
    expect(parseModelJson('{"summary": "y"}')).toEqual({ summary: 'y' });
    expect(parseModelJson('[1, 2]')).toBeNull();
    expect(parseModelJson('no json')).toBeNull();
  });
});
