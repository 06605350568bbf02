// Write-back (issue 22): chosen doc fields → native doc comments → a unified diff.
export {
  exampleOfField,
  isWritableField,
  mergeParts,
  partsOfComment,
  returnsOfField,
  throwsOfField,
  type DocParts,
} from './doc-parts.ts';
export { commentHas, sameAsComment } from './comment-changes.ts';
export { detectDocstringStyle } from './docstring-style.ts';
export { writeDocsChecked } from './write-checked.ts';
export { gitQuotedPath, unifiedPatch, type FileChange } from './patch.ts';
export {
  conventionOf,
  renderComment,
  renderDocstring,
  WRITABLE_LANGUAGES,
  type CommentConvention,
  type DocstringStyle,
} from './render.ts';
export {
  writeDocs,
  type ObjectDocEdit,
  type SkippedObject,
  type WriteOptions,
  type WrittenFile,
} from './write-file.ts';
