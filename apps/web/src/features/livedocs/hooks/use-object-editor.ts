import { useCallback, useMemo, useState } from 'react';
import {
  changesSavedAt,
  FAILED_TO_SAVE,
  SAVING,
  type LivedocsField,
  type LivedocsObject,
  type ObjectStatus,
} from '@codedocs/contract';
import { ApiError } from '@/lib/api-error';
import { saveLivedocsField } from '../api/livedocs-calls';

/** Where the last save stands; `text` is the spec's save status text. */
export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'failed'; message: string; conflicts: string[] };

/** The save status text of spec section 4: "Saving...", "Changes saved at <time>", "Failed to save". */
export function saveStatusText(state: SaveState): string {
  switch (state.kind) {
    case 'saving':
      return SAVING;
    case 'saved':
      return changesSavedAt(state.at.toLocaleTimeString());
    case 'failed':
      return FAILED_TO_SAVE;
    default:
      return '';
  }
}

/** What the editor of one object offers the panel. */
export interface ObjectEditor {
  fields: LivedocsField[];
  drafts: Record<string, string>;
  dirty: string[];
  saveState: SaveState;
  setDraft(fieldId: string, value: string): void;
  /** Saves every changed field, one request each; a conflict keeps the person's text. */
  save(): Promise<boolean>;
  /** Drops the draft of one field and takes the server's newer version (after a 409). */
  reloadField(field: LivedocsField): void;
  /** Replaces the fields after the server changed them (regenerate, review); drafts are kept. */
  replaceFields(fields: LivedocsField[]): void;
}

/**
 * Editing state of one object's doc fields: drafts kept apart from what was loaded (with each
 * field's version), so a save sends the version it started from and the server can refuse a
 * field that someone else changed meanwhile (409) without the text typed here being lost.
 */
export function useObjectEditor(
  object: LivedocsObject,
  repoId: string,
  onSaved: (status: ObjectStatus) => void,
): ObjectEditor {
  const [fields, setFields] = useState<LivedocsField[]>(object.fields);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });

  const dirty = useMemo(
    () =>
      fields
        .filter(
          (field) => drafts[field.field_id] !== undefined && drafts[field.field_id] !== field.value,
        )
        .map((field) => field.field_id),
    [fields, drafts],
  );

  const setDraft = useCallback((fieldId: string, value: string) => {
    setDrafts((previous) => ({ ...previous, [fieldId]: value }));
  }, []);

  const save = useCallback(async () => {
    if (dirty.length === 0) return true;
    setSaveState({ kind: 'saving' });
    const conflicts: string[] = [];
    let failure: string | null = null;
    let lastStatus: ObjectStatus | null = null;
    for (const fieldId of dirty) {
      const field = fields.find((f) => f.field_id === fieldId);
      const doc = drafts[fieldId];
      if (!field || doc === undefined) continue;
      try {
        const answer = await saveLivedocsField({
          repo_id: repoId,
          object_id: object.object_id,
          field_id: fieldId,
          doc,
          version: field.version,
        });
        lastStatus = answer.status;
        setFields((previous) => previous.map((f) => (f.field_id === fieldId ? answer.field : f)));
        setDrafts((previous) => {
          const next = { ...previous };
          delete next[fieldId];
          return next;
        });
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) conflicts.push(fieldId);
        failure = error instanceof Error && error.message ? error.message : FAILED_TO_SAVE;
      }
    }
    if (lastStatus) onSaved(lastStatus);
    if (failure !== null) {
      setSaveState({ kind: 'failed', message: failure, conflicts });
      return false;
    }
    setSaveState({ kind: 'saved', at: new Date() });
    return true;
  }, [dirty, fields, drafts, repoId, object.object_id, onSaved]);

  const reloadField = useCallback((field: LivedocsField) => {
    setFields((previous) => previous.map((f) => (f.field_id === field.field_id ? field : f)));
    setDrafts((previous) => {
      const next = { ...previous };
      delete next[field.field_id];
      return next;
    });
    setSaveState((state) =>
      state.kind === 'failed'
        ? { ...state, conflicts: state.conflicts.filter((id) => id !== field.field_id) }
        : state,
    );
  }, []);

  const replaceFields = useCallback((next: LivedocsField[]) => setFields(next), []);

  return { fields, drafts, dirty, saveState, setDraft, save, reloadField, replaceFields };
}
