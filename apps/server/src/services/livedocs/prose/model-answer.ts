import type { ProseFacts, ProseResult } from './prose-facts';
import { removeUnknownSymbols } from './symbols';

/** Longest text kept for one field. */
export const MAX_FIELD_CHARS = 4_000;

/** The JSON object in a model's answer, also when it is wrapped in a ``` fence or chatter. */
export function parseModelJson(content: string): Record<string, unknown> | null {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(content)?.[1] ?? content;
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

/** Cuts `text` to `max` characters, at the last sentence end when one is in the second half. */
export function limitText(text: string, max = MAX_FIELD_CHARS): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max);
  const lastEnd = Math.max(...[...head.matchAll(/[.!?](?=\s)/g)].map((m) => m.index), -1);
  return lastEnd >= max / 2 ? head.slice(0, lastEnd + 1) : `${head.slice(0, max - 1).trimEnd()}…`;
}

/** A parameter's bare name: models often drop the `...`, `*` or `&` of `...rest` or `**kwargs`. */
const bare = (name: string) => name.replace(/^(?:\.\.\.|\*{1,2}|&)/, '');

/**
 * Turns the model's JSON into fields a reader may see: strings only, unknown symbols removed,
 * each field limited, and parameters exactly those of the signature (others are ignored, missing
 * ones stay absent so the caller keeps its own text for them).
 */
export function toProseResult(raw: Record<string, unknown>, facts: ProseFacts): ProseResult {
  const parameters = new Set(facts.parameters.flatMap((p) => [p.name, bare(p.name)]));
  const known = new Set([...facts.knownSymbols, facts.name, facts.qualifiedName]);
  const clean = (value: unknown): string | undefined => {
    if (typeof value !== 'string') return undefined;
    // a bound on the work before the symbol check, then the real limit on what is kept
    const checked = removeUnknownSymbols(
      value.trim().slice(0, MAX_FIELD_CHARS * 4),
      known,
      parameters,
    );
    const text = limitText(checked);
    return /[\p{L}\p{N}]/u.test(text) ? text : undefined;
  };
  const result: ProseResult = {};
  for (const field of ['summary', 'description', 'returns', 'notes'] as const) {
    const text = clean(raw[field]);
    if (text !== undefined) result[field] = text;
  }
  const given = raw.params;
  if (given && typeof given === 'object' && !Array.isArray(given)) {
    const byName = given as Record<string, unknown>;
    const params: Record<string, string> = {};
    for (const { name } of facts.parameters) {
      const text = clean(Object.hasOwn(byName, name) ? byName[name] : byName[bare(name)]);
      if (text !== undefined) params[name] = text;
    }
    if (Object.keys(params).length > 0) result.params = params;
  }
  return result;
}
