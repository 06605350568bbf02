import type { FastifyBaseLogger } from 'fastify';
import type { LlmConfig } from '../../../config';
import { removeUnknownSymbols } from './symbols';

export { removeUnknownSymbols, symbolsIn } from './symbols';

/** Structured facts about one code object, from the engine (no source beyond `code`). */
export interface ProseFacts {
  language: string;
  kind: string;
  name: string;
  qualifiedName: string;
  signature: string;
  /** The object's code, already cut to a size worth sending. */
  code: string;
  parameters: { name: string; type?: string }[];
  returnType?: string;
  throws: string[];
  /** Qualified names this object calls (resolved in the repository). */
  calls: string[];
  /** Callers (names or files). */
  calledBy: string[];
  /** The engine's deterministic text: the fallback, and a hint for the model. */
  deterministic: {
    summary: string;
    description: string;
    params: Record<string, string>;
    returns?: string;
    notes?: string;
  };
  /** Every symbol the prose may name. */
  knownSymbols: ReadonlySet<string>;
}

/** Prose for the fields; a field is absent when the model gave nothing usable for it. */
export interface ProseResult {
  summary?: string;
  description?: string;
  params?: Record<string, string>;
  returns?: string;
  notes?: string;
}

export interface ProseWriter {
  /** Never throws: null on timeout, HTTP error, bad JSON or abort (keep the deterministic text). */
  write(facts: ProseFacts, signal?: AbortSignal): Promise<ProseResult | null>;
}

const MAX_FIELD = 4_000;

const SYSTEM_PROMPT = `You write reference documentation for one code object.
Answer with one JSON object and nothing else, of this exact shape:
{"summary": "one sentence", "description": "a short paragraph", "params": {"<parameter name>": "what it is for"}, "returns": "what it returns", "notes": "caveats, or empty"}
Describe only what the code shows. Name only symbols that appear in the facts you are given; write code names in backticks. Use the parameter names exactly as given.`;

/** A counting gate: at most `limit` callers past `enter` at once. */
function gate(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return {
    async enter(): Promise<void> {
      if (active < limit) {
        active++;
        return;
      }
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    leave(): void {
      const next = waiting.shift();
      if (next) next();
      else active--;
    },
  };
}

function userPrompt(facts: ProseFacts): string {
  return JSON.stringify({
    language: facts.language,
    kind: facts.kind,
    name: facts.qualifiedName,
    signature: facts.signature,
    parameters: facts.parameters,
    returns: facts.returnType ?? null,
    throws: facts.throws,
    calls: facts.calls.slice(0, 30),
    called_by: facts.calledBy.slice(0, 30),
    current_docs: facts.deterministic,
    code: facts.code,
  });
}

/** The JSON object in a model's answer, also when it is wrapped in a ``` fence or prose. */
export function parseModelJson(content: string): Record<string, unknown> | null {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content)?.[1] ?? content;
  const start = fenced.indexOf('{');
  const end = fenced.lastIndexOf('}');
  if (start === -1 || end <= start) return null;
  try {
    const value: unknown = JSON.parse(fenced.slice(start, end + 1));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function clean(value: unknown, known: ReadonlySet<string>): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = removeUnknownSymbols(value.trim().slice(0, MAX_FIELD), known);
  return text === '' ? undefined : text;
}

/** Checks the model's fields: known symbols only, parameters only those of the signature. */
export function toProseResult(raw: Record<string, unknown>, facts: ProseFacts): ProseResult {
  const known = new Set(facts.knownSymbols);
  for (const p of facts.parameters) known.add(p.name);
  known.add(facts.name);
  known.add(facts.qualifiedName);
  const result: ProseResult = {};
  for (const field of ['summary', 'description', 'returns', 'notes'] as const) {
    const text = clean(raw[field], known);
    if (text) result[field] = text;
  }
  const params = raw.params;
  if (params && typeof params === 'object' && !Array.isArray(params)) {
    const out: Record<string, string> = {};
    for (const p of facts.parameters) {
      const text = clean((params as Record<string, unknown>)[p.name], known);
      if (text) out[p.name] = text;
    }
    if (Object.keys(out).length > 0) result.params = out;
  }
  return result;
}

/**
 * A writer that asks an OpenAI-compatible chat-completions endpoint (Ollama, vLLM, llama.cpp
 * server or a hosted service) for the prose fields, at most `concurrency` requests at once, each
 * within `timeoutMs`. Whatever goes wrong answers null, and the caller keeps its own text.
 */
export function createProseWriter(
  config: LlmConfig,
  options: { fetch?: typeof fetch; log?: Pick<FastifyBaseLogger, 'warn'> } = {},
): ProseWriter {
  const doFetch = options.fetch ?? fetch;
  const slots = gate(config.concurrency);
  return {
    async write(facts, signal) {
      await slots.enter();
      const timeout = AbortSignal.timeout(config.timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      try {
        const response = await doFetch(`${config.baseUrl}/chat/completions`, {
          method: 'POST',
          signal: combined,
          headers: {
            'content-type': 'application/json',
            ...(config.apiKey && { authorization: `Bearer ${config.apiKey}` }),
          },
          body: JSON.stringify({
            model: config.model,
            temperature: 0.2,
            response_format: { type: 'json_object' },
            messages: [
              { role: 'system', content: SYSTEM_PROMPT },
              { role: 'user', content: userPrompt(facts) },
            ],
          }),
        });
        if (!response.ok) {
          options.log?.warn({ status: response.status }, 'model provider answered an error');
          return null;
        }
        const body = (await response.json()) as {
          choices?: { message?: { content?: unknown } }[];
        };
        const content = body.choices?.[0]?.message?.content;
        if (typeof content !== 'string') return null;
        const raw = parseModelJson(content);
        return raw ? toProseResult(raw, facts) : null;
      } catch (error) {
        options.log?.warn({ err: error }, 'model provider failed; keeping the generated text');
        return null;
      } finally {
        slots.leave();
      }
    },
  };
}
