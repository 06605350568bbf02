import type { LlmConfig } from '../../../config';

/** Structured facts about one code object, from the engine (no source beyond `code`). */
export interface ProseFacts {
  language: string;
  kind: string;
  name: string;
  qualifiedName: string;
  signature: string;
  /** The object's code; the writer sends at most ~6000 characters of it. */
  code: string;
  parameters: { name: string; type?: string }[];
  returnType?: string;
  throws: string[];
  /** Qualified names this object calls (resolved in the repository). */
  calls: string[];
  /** Qualified names of callers. */
  calledBy: string[];
  /** The author's own doc comment, as written ('' when there is none): the model keeps its meaning. */
  authorDoc?: string;
  /** The engine's deterministic text: facts read from the code, the fallback and the model's material. */
  deterministic: {
    summary: string;
    description: string;
    params: Record<string, string>;
    returns?: string;
    notes?: string;
  };
  /** Every symbol the prose may name: the repo's object names and qualified names, this object's parameters. */
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
  /** Never throws: null on timeout, HTTP error, bad JSON or abort (the caller keeps the deterministic text). */
  write(facts: ProseFacts, signal?: AbortSignal): Promise<ProseResult | null>;
}

/** What `createProseWriter` may be given besides the config (tests pass their own fetch). */
export interface ProseWriterOptions {
  fetch?: typeof fetch;
  log?: { warn(obj: object, msg: string): void };
}

export type { LlmConfig };
