import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  changesSavedAt,
  FAILED_TO_SAVE,
  SAVING,
  type LivedocsField,
  type LivedocsObject,
  type ObjectStatus,
} from '@codedocs/contract';
import { ApiError, failureMessage } from '@/lib/api-error';
import { acceptLivedocsField, getLivedocsObject, saveLivedocsField } from '../api/livedocs-calls';

/** Where the last save stands. */
export type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'failed'; message: string };

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

/**
 * Fields whose save was refused because someone saved them since they were loaded (409), with
 * the version now on the server (null while it loads or when it could not be loaded).
 */
export type Conflicts = Record<string, LivedocsField | null>;

/** What the editor of one object offers the panel. */
export interface ObjectEditor {
  drafts: Record<string, string>;
  /** Ids of the fields whose text differs from the loaded value, in template order. */
  dirty: string[];
  saveState: SaveState;
  conflicts: Conflicts;
  setDraft(fieldId: string, value: string): void;
  /** Saves every changed field, one request each in turn; true when all were saved. */
  save(): Promise<boolean>;
  /** After a conflict: drop this text and take the version on the server. */
  takeTheirs(fieldId: string): void;
  /** Accepts a generated field as it is (a summary accepted makes the object documented). */
  accept(fieldId: string): Promise<void>;
  /** The field whose acceptance is under way, if any. */
  accepting: string | null;
  /** After a conflict: keep this text and save it over the server's version next time. */
  keepMine(fieldId: string): void;
  /** After a conflict: load the server's versions of the conflicting fields again. */
  loadTheirs(): Promise<void>;
}

function without<T>(record: Record<string, T>, key: string): Record<string, T> {
  const next = { ...record };
  delete next[key];
  return next;
}

/**
 * Editing state of one object's doc fields. The loaded fields (with their versions) belong to
 * the caller, which applies every change the server confirms through `onFieldChanged`; the
 * typed text is kept here as drafts. A save sends the version its field was loaded at, so the
 * server refuses (409) a field that someone else changed meanwhile and the text typed here is
 * never lost: the person sees both versions and picks one.
 */
export function useObjectEditor(
  object: LivedocsObject,
  repoId: string,
  onFieldChanged: (field: LivedocsField, status?: ObjectStatus) => void,
): ObjectEditor {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'idle' });
  const [conflicts, setConflicts] = useState<Conflicts>({});
  // The version each draft started from: a field rewritten meanwhile (by someone else, or by a
  // generation whose result reloaded this object) then answers 409 instead of being overwritten.
  const [bases, setBases] = useState<Record<string, number>>({});
  const saving = useRef(false);
  const fields = object.fields;

  const latestDrafts = useRef(drafts);
  useEffect(() => {
    latestDrafts.current = drafts;
  }, [drafts]);

  const dirty = useMemo(
    () =>
      fields
        .filter((f) => drafts[f.field_id] !== undefined && drafts[f.field_id] !== f.value)
        .map((f) => f.field_id),
    [fields, drafts],
  );

  const setDraft = useCallback(
    (fieldId: string, value: string) => {
      const version = fields.find((f) => f.field_id === fieldId)?.version ?? 0;
      setBases((previous) =>
        fieldId in previous ? previous : { ...previous, [fieldId]: version },
      );
      setDrafts((previous) => ({ ...previous, [fieldId]: value }));
    },
    [fields],
  );

  const fetchTheirs = useCallback(
    async (fieldIds: string[]) => {
      try {
        const fresh = await getLivedocsObject(repoId, object.object_id, object.commit_id);
        setConflicts((previous) => {
          const next = { ...previous };
          for (const id of fieldIds) {
            if (id in next) next[id] = fresh.fields.find((f) => f.field_id === id) ?? null;
          }
          return next;
        });
      } catch {
        // the conflict stays shown with a way to try again
      }
    },
    [repoId, object.object_id, object.commit_id],
  );

  const save = useCallback(async () => {
    if (saving.current) return false;
    if (dirty.length === 0) return true;
    saving.current = true;
    setSaveState({ kind: 'saving' });
    const refused: string[] = [];
    let failure: string | null = null;
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
          version: bases[fieldId] ?? field.version,
        });
        onFieldChanged(answer.field, answer.status);
        // text typed while the request ran stays a draft, based on the version just saved
        const typedMeanwhile = latestDrafts.current[fieldId] !== doc;
        setDrafts((previous) => (typedMeanwhile ? previous : without(previous, fieldId)));
        setBases((previous) =>
          typedMeanwhile
            ? { ...previous, [fieldId]: answer.field.version }
            : without(previous, fieldId),
        );
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) refused.push(fieldId);
        failure = failureMessage(error, FAILED_TO_SAVE);
      }
    }
    saving.current = false;
    if (refused.length > 0) {
      setConflicts((previous) => ({
        ...previous,
        ...Object.fromEntries(refused.map((id) => [id, null])),
      }));
      void fetchTheirs(refused);
    }
    if (failure !== null) {
      setSaveState({ kind: 'failed', message: failure });
      return false;
    }
    setSaveState({ kind: 'saved', at: new Date() });
    return true;
  }, [dirty, fields, drafts, bases, repoId, object.object_id, onFieldChanged, fetchTheirs]);

  const takeTheirs = useCallback(
    (fieldId: string) => {
      const theirs = conflicts[fieldId];
      if (theirs) onFieldChanged(theirs);
      setDrafts((previous) => without(previous, fieldId));
      setBases((previous) => without(previous, fieldId));
      setConflicts((previous) => without(previous, fieldId));
    },
    [conflicts, onFieldChanged],
  );

  const keepMine = useCallback(
    (fieldId: string) => {
      const theirs = conflicts[fieldId];
      if (!theirs) return;
      // the draft stays; the next save is made against the version now on the server
      onFieldChanged(theirs);
      setBases((previous) => ({ ...previous, [fieldId]: theirs.version }));
      setConflicts((previous) => without(previous, fieldId));
    },
    [conflicts, onFieldChanged],
  );

  const [accepting, setAccepting] = useState<string | null>(null);
  const accept = useCallback(
    async (fieldId: string) => {
      const field = fields.find((f) => f.field_id === fieldId);
      if (!field || accepting !== null) return;
      setAccepting(fieldId);
      try {
        const answer = await acceptLivedocsField({
          repo_id: repoId,
          object_id: object.object_id,
          field_id: fieldId,
          version: field.version,
        });
        onFieldChanged(answer.field, answer.status);
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          setConflicts((previous) => ({ ...previous, [fieldId]: null }));
          void fetchTheirs([fieldId]);
        }
        setSaveState({ kind: 'failed', message: failureMessage(error, FAILED_TO_SAVE) });
      } finally {
        setAccepting(null);
      }
    },
    [fields, accepting, repoId, object.object_id, onFieldChanged, fetchTheirs],
  );

  const loadTheirs = useCallback(
    () => fetchTheirs(Object.keys(conflicts)),
    [conflicts, fetchTheirs],
  );

  return {
    drafts,
    dirty,
    saveState,
    conflicts,
    setDraft,
    save,
    takeTheirs,
    keepMine,
    loadTheirs,
    accept,
    accepting,
  };
}
