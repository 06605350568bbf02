import { chatRequestBody } from './chat-request';
import { parseModelJson, toProseResult } from './model-answer';
import type { LlmConfig, ProseWriter, ProseWriterOptions } from './prose-facts';
import { createSemaphore } from './semaphore';

/** A larger answer is not prose for one object; refusing it bounds memory. */
const MAX_RESPONSE_CHARS = 1_000_000;

type Outcome = { ok: true; content: string } | { ok: false; problem: object; message: string };

async function readContent(response: Response): Promise<Outcome> {
  if (!response.ok) {
    // read nothing, but free the connection for the next request
    await response.body?.cancel().catch(() => undefined);
    return {
      ok: false,
      problem: { status: response.status },
      message: 'model provider answered an error',
    };
  }
  const text = await response.text();
  if (text.length > MAX_RESPONSE_CHARS) {
    return { ok: false, problem: { chars: text.length }, message: 'model answer too large' };
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, problem: {}, message: 'model provider answered no JSON' };
  }
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]
    ?.message?.content;
  return typeof content === 'string'
    ? { ok: true, content }
    : { ok: false, problem: {}, message: 'model answer has no message content' };
}

/**
 * A writer that asks an OpenAI-compatible chat-completions endpoint (Ollama, vLLM, llama.cpp
 * server or a hosted service) for the prose fields, with at most `concurrency` requests in flight
 * and each within `timeoutMs`. Whatever goes wrong answers null and the caller keeps its own text.
 */
export function createProseWriter(
  config: LlmConfig,
  options: ProseWriterOptions = {},
): ProseWriter {
  const doFetch = options.fetch ?? globalThis.fetch;
  const slots = createSemaphore(config.concurrency);
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const warn = (obj: object, msg: string) => options.log?.warn(obj, msg);

  return {
    async write(facts, signal) {
      if (!(await slots.acquire(signal))) return null;
      // the timeout starts once the request may go out: waiting for a slot is not the model's time
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error('timeout')), config.timeoutMs);
      const onCallerAbort = () => controller.abort(signal?.reason);
      signal?.addEventListener('abort', onCallerAbort, { once: true });
      try {
        const response = await doFetch(url, {
          method: 'POST',
          signal: controller.signal,
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(config.apiKey && { authorization: `Bearer ${config.apiKey}` }),
          },
          body: JSON.stringify(chatRequestBody(facts, config.model)),
        });
        const outcome = await readContent(response);
        if (!outcome.ok) {
          warn({ ...outcome.problem, object: facts.qualifiedName }, outcome.message);
          return null;
        }
        const raw = parseModelJson(outcome.content);
        if (!raw) {
          warn({ object: facts.qualifiedName }, 'model answer is not a JSON object');
          return null;
        }
        return toProseResult(raw, facts);
      } catch (error) {
        // the caller's own abort is not a provider problem worth a warning
        if (!signal?.aborted) {
          const timedOut = controller.signal.aborted;
          warn(
            timedOut
              ? { timeoutMs: config.timeoutMs, object: facts.qualifiedName }
              : { err: error },
            timedOut ? 'model provider timed out' : 'model provider failed',
          );
        }
        return null;
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onCallerAbort);
        slots.release();
      }
    },
  };
}
