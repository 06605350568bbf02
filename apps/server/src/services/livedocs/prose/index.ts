/**
 * The optional model provider: prose for the doc fields from the engine's structured facts,
 * every named symbol checked against the parsed model. Loaded only when LLM_BASE_URL and
 * LLM_MODEL are set.
 */
export type { ProseFacts, ProseResult, ProseWriter, ProseWriterOptions } from './prose-facts';
export { createProseWriter } from './prose-writer';
export { isKnownSymbol, removeUnknownSymbols, symbolsIn } from './symbols';
export { limitText, parseModelJson, toProseResult } from './model-answer';
