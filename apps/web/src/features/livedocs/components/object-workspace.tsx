import { useCallback, useEffect } from 'react';
import { useBlocker } from 'react-router';
import type { LivedocsField, ObjectStatus } from '@codedocs/contract';
import { FILES_PARAM } from '../hooks/file-selection-param';
import { useObjectEditor } from '../hooks/use-object-editor';
import { ObjectPanel, type ObjectPanelProps } from './object-panel';
import { UnsavedDialog } from './unsaved-dialog';

/** A location's search without the file selection, which changes nothing about the open object. */
function viewSearch(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(FILES_PARAM);
  params.sort();
  return params.toString();
}

/**
 * The panel of one loaded object with its own editing state (mounted per object). Unsaved
 * edits are never dropped silently: opening another object, another commit or repository, or
 * another screen (every one a navigation) asks first whether to save, discard or stay; closing
 * the tab asks through the browser; Ctrl/Cmd+S saves.
 */
export function ObjectWorkspace({
  onFieldChanged,
  ...panel
}: ObjectPanelProps & {
  /** A field of the object the server confirmed (a save, or the version another person saved). */
  onFieldChanged: (objectId: string, field: LivedocsField, status?: ObjectStatus) => void;
}) {
  const { object, repoId, readOnly } = panel;
  const objectId = object.object_id;
  const handleFieldChanged = useCallback(
    (field: LivedocsField, status?: ObjectStatus) => onFieldChanged(objectId, field, status),
    [onFieldChanged, objectId],
  );
  const editor = useObjectEditor(object, repoId, handleFieldChanged);
  const { save } = editor;
  const unsaved = editor.dirty.length > 0;

  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) =>
        unsaved &&
        (currentLocation.pathname !== nextLocation.pathname ||
          viewSearch(currentLocation.search) !== viewSearch(nextLocation.search)),
      [unsaved],
    ),
  );

  useEffect(() => {
    if (!unsaved) return undefined;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [unsaved]);

  useEffect(() => {
    if (readOnly) return undefined;
    const handleKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [save, readOnly]);

  const handleSaveAndGo = async () => {
    if (await save()) blocker.proceed?.();
    else blocker.reset?.();
  };

  return (
    <>
      <ObjectPanel {...panel} editor={editor} />
      <UnsavedDialog
        open={blocker.state === 'blocked'}
        fields={editor.dirty.length}
        saving={editor.saveState.kind === 'saving'}
        onCancel={() => blocker.reset?.()}
        onDiscard={() => blocker.proceed?.()}
        onSave={() => void handleSaveAndGo()}
      />
    </>
  );
}
