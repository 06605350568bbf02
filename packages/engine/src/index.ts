// Public API of @codedocs/engine: detect → parse → convert → resolve → generate, all pure.
export * from './model.ts';
export { LANGUAGES, getLanguage, type LanguageSpec } from './languages/registry.ts';
export { detectLanguage, looksBinary, shebangInterpreter } from './languages/detect.ts';
export { indexFile, type IndexOptions } from './index-file.ts';
export {
  indexRepository,
  streamRepositoryIndex,
  type IndexSink,
  type StreamSummary,
  type RepositoryOptions,
  type SourceInput,
} from './index-repository.ts';
export {
  streamIndexUpdate,
  updateIndex,
  type ChangedFile,
  type IndexBase,
  type UpdateResult,
  type UpdateSummary,
} from './index-update.ts';
export {
  arraySource,
  MemoryModelStore,
  type FileSource,
  type LazySourceFile,
  type ModelStore,
  type ParsedModel,
  type SourceContent,
  type SourceEntry,
} from './index-sources.ts';
export type { ModelOrigin } from './parse/feed.ts';
export { objectId, scopeObjectId, codeHash, normalizeCode } from './identity.ts';
export { importTargets, resolveFileReferences, resolveReferences } from './resolve/references.ts';
export { StreamingResolver, type ResolvedFile } from './resolve/stream.ts';
export { affectedFiles, type ChangeOutline } from './resolve/affected.ts';
export {
  fileSymbols,
  reshapedPaths,
  scopeOf,
  symbolShape,
  type FileSymbols,
  type PathSet,
  type ResolveScope,
  type SymbolObject,
} from './resolve/symbols.ts';
export { callsOf, calledBy, usagesOf, isTestPath } from './resolve/queries.ts';
export {
  generateDoc,
  documentedParameters,
  type GeneratedDoc,
  type GenerationContext,
} from './generate/docs.ts';
export { readFileFacts, type CodeFacts } from './generate/facts.ts';
export { callExamples, statementAt, type CallExample } from './generate/examples.ts';
export { fillerIn, isFiller } from './generate/filler.ts';
export { renderDocComment } from './generate/render.ts';
export { createParsePool, type ParsePool } from './parse/pool.ts';
export { docFields, templateFieldIds, withoutFiller } from './generate/fields.ts';
export {
  computeOverview,
  overviewSections,
  OVERVIEW_LIMITS,
  OVERVIEW_MANIFEST_NAMES,
  type ManifestFile,
  type OverviewInput,
} from './overview/index.ts';
export * from './writeback/index.ts';
