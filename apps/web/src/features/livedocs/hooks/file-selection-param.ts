import { useEffect, useRef } from 'react';

/** The search parameter that keeps the live-docs file selection across reloads and links. */
export const FILES_PARAM = 'files';
/** FILES_PARAM's value when every file of the commit is selected. */
export const ALL_FILES = '*';
/**
 * Characters of a file id kept in the URL. Ids are SHA-256 hex per repository, so 12 characters
 * (48 bits) tell a repository's files apart while a selection of hundreds still fits a URL.
 */
export const FILE_ID_PREFIX_LENGTH = 12;
/** Selections longer than this (and not "all") are not put in the URL: it would grow too long. */
export const SELECTION_PARAM_MAX_FILES = 400;

/** FILES_PARAM's value for a selection among `fileIds` (null: no parameter). */
export function encodeFileSelection(
  selected: readonly string[],
  fileIds: readonly string[],
): string | null {
  if (selected.length === 0) return null;
  if (fileIds.length > 1 && selected.length === fileIds.length) return ALL_FILES;
  if (selected.length > SELECTION_PARAM_MAX_FILES) return null;
  return selected.map((id) => id.slice(0, FILE_ID_PREFIX_LENGTH)).join(',');
}

/** The ids among `fileIds` that FILES_PARAM's value names, in its order (unknown ones dropped). */
export function decodeFileSelection(value: string | null, fileIds: readonly string[]): string[] {
  if (!value) return [];
  if (value === ALL_FILES) return [...fileIds];
  const byPrefix = new Map(fileIds.map((id) => [id.slice(0, FILE_ID_PREFIX_LENGTH), id]));
  const ids = value.split(',').flatMap((prefix) => byPrefix.get(prefix) ?? []);
  return [...new Set(ids)];
}

/**
 * Keeps the file selection and FILES_PARAM in step: once the files have loaded, the selection
 * the URL names is restored (so a reload or a shared link keeps it); after that every change of
 * the selection is written back to the URL (`onParamChange`, meant to replace the entry).
 */
export function useFileSelectionParam({
  loaded,
  fileIds,
  selected,
  param,
  onRestore,
  onParamChange,
}: {
  /** The files of the commit have loaded (ids of a half-loaded list would drop the selection). */
  loaded: boolean;
  fileIds: readonly string[];
  selected: readonly string[];
  param: string | null;
  onRestore: (fileIds: string[]) => void;
  onParamChange: (value: string | null) => void;
}): void {
  const restored = useRef(false);
  const selectedKey = selected.join(',');
  useEffect(() => {
    if (!loaded) return;
    if (!restored.current) {
      restored.current = true;
      const ids = decodeFileSelection(param, fileIds);
      if (ids.length > 0 && ids.join(',') !== selectedKey) {
        onRestore(ids);
        return;
      }
    }
    const next = encodeFileSelection(selectedKey ? selectedKey.split(',') : [], fileIds);
    if (next !== param) onParamChange(next);
  }, [loaded, fileIds, selectedKey, param, onRestore, onParamChange]);
}
