import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LlmConfig } from '../../../config';
import { startFakeLlm, type FakeLlm, type FakeLlmMode } from '../../../test/fake-llm';
import { MAX_CODE_CHARS, SYSTEM_PROMPT } from './chat-request';
import { createProseWriter } from './prose-writer';
import { scaleFacts } from '../../../test/prose-facts';

const answer = (value: object | string): FakeLlmMode => ({
  kind: 'answer',
  content: () => (typeof value === 'string' ? value : JSON.stringify(value)),
});

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('createProseWriter against a local OpenAI-compatible server', () => {
  let llm: FakeLlm;
  const log = { warn: vi.fn() };
  const config = (overrides: Partial<LlmConfig> = {}): LlmConfig => ({
    baseUrl: llm.baseUrl,
    model: 'coder-7b',
    apiKey: 'sk-test',
    timeoutMs: 2_000,
    concurrency: 2,
    ...overrides,
  });

  beforeAll(async () => {
    llm = await startFakeLlm();
  });
  afterAll(() => llm.stop());
  beforeEach(() => {
    llm.requests.length = 0;
    llm.maxInFlight = 0;
    log.warn.mockClear();
  });

  it('posts the facts as a JSON chat request and reads the prose fields', async () => {
    llm.mode = answer({
      summary: 'Doubles each value with `add` and multiplies it by `factor`.',
      description: 'Maps over `values`; used by `report.render`.',
      params: { values: 'Numbers to scale.', factor: 'Multiplier.', extra: 'Not a parameter.' },
      returns: 'The scaled numbers.',
      notes: '',
    });
    const result = await createProseWriter(config(), { log }).write(scaleFacts());
    expect(result).toEqual({
      summary: 'Doubles each value with `add` and multiplies it by `factor`.',
      description: 'Maps over `values`; used by `report.render`.',
      params: { values: 'Numbers to scale.', factor: 'Multiplier.' },
      returns: 'The scaled numbers.',
    });
    expect(llm.requests).toHaveLength(1);
    const request = llm.requests[0]!;
    expect(request).toMatchObject({
      model: 'coder-7b',
      authorization: 'Bearer sk-test',
      response_format: { type: 'json_object' },
      temperature: 0.2,
    });
    expect(request.messages).toHaveLength(2);
    expect(request.messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(SYSTEM_PROMPT).toContain('"params": {"<parameter name>": string}');
    expect(request.messages[1]!.role).toBe('user');
    expect(JSON.parse(request.messages[1]!.content)).toMatchObject({
      kind: 'function',
      name: 'math.scale',
      signature: scaleFacts().signature,
      parameters: scaleFacts().parameters,
      calls: ['math.add'],
      called_by: ['report.render'],
      code: scaleFacts().code,
      current_docs: { summary: 'Scales values.' },
    });
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('sends no Authorization header without an API key, and tolerates a trailing slash', async () => {
    llm.mode = answer({ summary: 'Scales.' });
    const writer = createProseWriter(config({ apiKey: undefined, baseUrl: `${llm.baseUrl}/` }));
    expect(await writer.write(scaleFacts())).toEqual({ summary: 'Scales.' });
    expect(llm.requests[0]!.authorization).toBeUndefined();
  });

  it('sends at most about 6000 characters of code, marked as cut', async () => {
    llm.mode = answer({ summary: 'Scales.' });
    const code = Array.from({ length: 500 }, (_, i) => `  const line${i} = ${i};`).join('\n');
    await createProseWriter(config()).write(scaleFacts({ code }));
    const sent = JSON.parse(llm.requests[0]!.messages[1]!.content).code as string;
    expect(sent.length).toBeLessThanOrEqual(MAX_CODE_CHARS + 20);
    expect(sent.length).toBeGreaterThan(MAX_CODE_CHARS / 2);
    expect(sent.endsWith('\n… (truncated)')).toBe(true);
    expect(code.startsWith(sent.slice(0, -'\n… (truncated)'.length))).toBe(true);
  });

  it('removes sentences naming unknown symbols from a fenced answer', async () => {
    llm.mode = answer(
      '```json\n' +
        JSON.stringify({
          summary: 'Scales the values. It validates them with `checkRange()` first.',
          description: 'Calls normalizeAll(values) before anything.',
          params: { factor: 'Passed to `Vector.scale`.', values: 'The input, see `values`.' },
          returns: 'A new array.',
        }) +
        '\n```',
    );
    expect(await createProseWriter(config()).write(scaleFacts())).toEqual({
      summary: 'Scales the values.',
      params: { values: 'The input, see `values`.' },
      returns: 'A new array.',
    });
  });

  it('answers null and warns on an HTTP error', async () => {
    llm.mode = { kind: 'status', status: 500 };
    expect(await createProseWriter(config(), { log }).write(scaleFacts())).toBeNull();
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ status: 500 }),
      'model provider answered an error',
    );
  });

  it('answers null on content that is not a JSON object', async () => {
    const writer = createProseWriter(config(), { log });
    for (const content of ['I cannot help with that.', '{"summary": "cut', '["a"]']) {
      llm.mode = answer(content);
      expect(await writer.write(scaleFacts()), content).toBeNull();
    }
    expect(log.warn).toHaveBeenCalledTimes(3);
    expect(log.warn).toHaveBeenLastCalledWith(
      expect.any(Object),
      'model answer is not a JSON object',
    );
  });

  it('answers null on a response body that is not the chat-completions shape', async () => {
    const stub = (body: string) =>
      createProseWriter(config(), {
        log,
        fetch: async () => new Response(body, { status: 200 }),
      }).write(scaleFacts());
    expect(await stub('<html>busy</html>')).toBeNull();
    expect(await stub('null')).toBeNull();
    expect(await stub('{"choices": []}')).toBeNull();
    expect(await stub('{"choices": [{"message": {"content": null}}]}')).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(4);
  });

  it('gives up after timeoutMs when the server stalls', async () => {
    llm.mode = { kind: 'stall' };
    const started = Date.now();
    const result = await createProseWriter(config({ timeoutMs: 300 }), { log }).write(scaleFacts());
    const elapsed = Date.now() - started;
    expect(result).toBeNull();
    expect(elapsed).toBeGreaterThanOrEqual(280);
    expect(elapsed).toBeLessThan(2_000);
    expect(log.warn).toHaveBeenCalledWith(
      expect.objectContaining({ timeoutMs: 300 }),
      'model provider timed out',
    );
  });

  it('stops a request in flight when the caller aborts, without a warning', async () => {
    llm.mode = { kind: 'stall' };
    const controller = new AbortController();
    const pending = createProseWriter(config({ timeoutMs: 10_000 }), { log }).write(
      scaleFacts(),
      controller.signal,
    );
    await until(() => llm.requests.length === 1);
    const started = Date.now();
    controller.abort();
    expect(await pending).toBeNull();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('sends nothing for a signal aborted before the call', async () => {
    llm.mode = answer({ summary: 'Scales.' });
    expect(await createProseWriter(config()).write(scaleFacts(), AbortSignal.abort())).toBeNull();
    expect(llm.requests).toHaveLength(0);
  });

  it('keeps at most LLM_CONCURRENCY requests in flight', async () => {
    llm.mode = answer({ summary: 'Scales.' });
    const writer = createProseWriter(config({ concurrency: 2 }));
    const results = await Promise.all(Array.from({ length: 6 }, () => writer.write(scaleFacts())));
    expect(results).toEqual(Array.from({ length: 6 }, () => ({ summary: 'Scales.' })));
    expect(llm.requests).toHaveLength(6);
    expect(llm.maxInFlight).toBe(2);
  });

  it('lets a queued call be aborted without ever sending it', async () => {
    llm.mode = { kind: 'stall' };
    const writer = createProseWriter(config({ concurrency: 1, timeoutMs: 400 }));
    const first = writer.write(scaleFacts());
    await until(() => llm.requests.length === 1);
    const controller = new AbortController();
    const queued = writer.write(scaleFacts(), controller.signal);
    controller.abort();
    expect(await queued).toBeNull();
    expect(await first).toBeNull();
    expect(llm.requests).toHaveLength(1);
    expect(llm.maxInFlight).toBe(1);
  });
});
