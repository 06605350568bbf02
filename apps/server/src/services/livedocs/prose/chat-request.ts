import type { ProseFacts } from './prose-facts';

/** Characters of an object's code sent to the model: enough for a function, bounded for a class. */
export const MAX_CODE_CHARS = 6_000;
/** Callers and callees listed in the prompt; the rest adds tokens, not meaning. */
const MAX_REFERENCES = 30;

export const SYSTEM_PROMPT = `You write reference documentation for one code object.
Answer with one JSON object and nothing else, of exactly this shape:
{"summary": string, "description": string, "params": {"<parameter name>": string}, "returns": string, "notes": string}
- summary: one sentence saying what the object does.
- description: a short paragraph on how and when to use it.
- params: one entry per parameter, keyed by the parameter names exactly as given, nothing else.
- returns: what it returns ("" when it returns nothing).
- notes: caveats such as errors thrown or side effects ("" when there are none).
Describe only what the code shows: "current_docs" holds facts read from the code (conditions, raises, effects, parameter use, callers) and "author_docs" what the author wrote; keep both true. Never write a sentence that only restates a name or a type: leave a field "" instead. Write prose, no code blocks. Name only symbols that appear in the facts you are given (the object, its parameters, what it calls and what calls it), and write code names in backticks.`;

/** The code as sent: cut at a line end near the limit, marked so the model knows it is partial. */
export function codeForModel(code: string, max = MAX_CODE_CHARS): string {
  if (code.length <= max) return code;
  const head = code.slice(0, max);
  const lineEnd = head.lastIndexOf('\n');
  return `${lineEnd > max / 2 ? head.slice(0, lineEnd) : head}\n… (truncated)`;
}

/** The facts as the user message: JSON, which models read reliably and which escapes the code. */
export function userPrompt(facts: ProseFacts): string {
  return JSON.stringify({
    language: facts.language,
    kind: facts.kind,
    name: facts.qualifiedName,
    signature: facts.signature,
    parameters: facts.parameters,
    returns: facts.returnType ?? null,
    throws: facts.throws,
    calls: facts.calls.slice(0, MAX_REFERENCES),
    called_by: facts.calledBy.slice(0, MAX_REFERENCES),
    current_docs: facts.deterministic,
    author_docs: facts.authorDoc ?? '',
    code: codeForModel(facts.code),
  });
}

/** The body of POST {base}/chat/completions (OpenAI-compatible: Ollama, vLLM, llama.cpp, hosted). */
export function chatRequestBody(facts: ProseFacts, model: string): object {
  return {
    model,
    temperature: 0.2,
    response_format: { type: 'json_object' },
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: userPrompt(facts) },
    ],
  };
}
