import { useEffect, type MutableRefObject, type ReactNode } from 'react';
import type { LivedocsObject, ObjectStatus } from '@codedocs/contract';
import { useObjectEditor, type ObjectEditor } from '../hooks/use-object-editor';
import { ObjectPanel, type ObjectPanelProps } from './object-panel';

/**
 * The panel of one loaded object with its own editing state (remounted per object). The
 * screen reaches the editor through `editorRef` to ask before leaving unsaved edits.
 */
export function ObjectWorkspace({
  object,
  repoId,
  editorRef,
  onSaved,
  ...panel
}: Omit<ObjectPanelProps, 'editor'> & {
  repoId: string;
  editorRef: MutableRefObject<ObjectEditor | null>;
  onSaved: (status: ObjectStatus) => void;
  renderCode: (code: string, language: string) => ReactNode;
}) {
  const editor = useObjectEditor(object, repoId, onSaved);
  editorRef.current = editor;

  useEffect(() => {
    if (editor.dirty.length === 0) return undefined;
    // closing or reloading the tab with unsaved edits asks first, as switching objects does
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [editor.dirty.length]);

  useEffect(
    () => () => {
      // a newer workspace may have taken the ref already (keyed remount): leave it alone
      if (editorRef.current === editor) editorRef.current = null;
    },
    [editorRef, editor],
  );

  return <ObjectPanel object={object} editor={editor} {...panel} />;
}

export type { LivedocsObject };
