import { useState, type FormEvent } from 'react';
import type { CreateExportRequest, WritebackFields } from '@codedocs/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { ApiError, failureMessage } from '@/lib/api-error';
import { exportsQuery, postExport } from '../api/exports-calls';

/** A pocket or a repository the user can export. */
export interface ExportSourceChoice {
  id: string;
  name: string;
}

/** The user's pockets and repositories, as the route reads them. */
export interface ExportSources {
  pockets: readonly ExportSourceChoice[];
  repos: readonly ExportSourceChoice[];
  loading: boolean;
}

export type ExportFormKind = CreateExportRequest['kind'];

const SELECT =
  'h-9 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

const KIND_TEXT: Record<ExportFormKind, string> = {
  markdown:
    'A folder of Markdown pages, one per source file, with front matter and links between objects: readable on any git host, MkDocs, Docusaurus or Starlight.',
  json: 'One JSON document (versioned schema) with objects, fields, who wrote them and when, and references, for other tools.',
  patch:
    'A patch against the repository’s current commit that writes the docs into the code as native doc comments. Review the diff, then apply it with git apply.',
};

/** The form of a new Markdown, JSON or patch export; the history below follows its build. */
export function ExportForm({ kind, sources }: { kind: ExportFormKind; sources: ExportSources }) {
  const queryClient = useQueryClient();
  const [source, setSource] = useState('');
  const [repoId, setRepoId] = useState('');
  const [pocketId, setPocketId] = useState('');
  const [fields, setFields] = useState<WritebackFields>('edited');
  const [paths, setPaths] = useState('');
  const [name, setName] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const patch = kind === 'patch';

  const request = (): CreateExportRequest | string => {
    const named = name.trim() ? { name: name.trim() } : {};
    if (!patch) {
      if (!source) return 'Choose a pocket or a repository to export';
      const [type, id] = [source.slice(0, 1), source.slice(2)];
      return type === 'c'
        ? { kind, compilation_id: id, ...named }
        : { kind, repo_id: id, ...named };
    }
    if (!repoId) return 'Choose the repository the patch is for';
    const chosen = paths
      .split('\n')
      .map((p) => p.trim())
      .filter(Boolean);
    return {
      kind,
      repo_id: repoId,
      fields,
      ...(pocketId ? { compilation_id: pocketId } : {}),
      ...(!pocketId && chosen.length ? { paths: chosen } : {}),
      ...named,
    };
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = request();
    if (typeof body === 'string') {
      setError(body);
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await postExport(body);
      await queryClient.invalidateQueries({ queryKey: exportsQuery().queryKey });
      toast({ title: 'Export started', description: 'It shows in the history below.' });
    } catch (failure) {
      const field = failure instanceof ApiError ? failure.field : undefined;
      setError(
        `${failureMessage(failure, 'The export could not be started')}${field ? ` (${field})` : ''}`,
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      onSubmit={handleSubmit}
      data-testid={`export-form-${kind}`}
      className="flex flex-col gap-3 rounded-md border bg-card p-4"
      noValidate
    >
      <p className="max-w-prose text-sm text-muted-foreground">{KIND_TEXT[kind]}</p>
      {patch ? (
        <>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="export-repo">Repository</Label>
            <select
              id="export-repo"
              className={SELECT}
              value={repoId}
              onChange={(e) => setRepoId(e.target.value)}
              data-testid="export-repo"
            >
              <option value="">{sources.loading ? 'Loading…' : 'Choose a repository'}</option>
              {sources.repos.map((repo) => (
                <option key={repo.id} value={repo.id}>
                  {repo.name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="export-pocket">Objects</Label>
            <select
              id="export-pocket"
              className={SELECT}
              value={pocketId}
              onChange={(e) => setPocketId(e.target.value)}
              data-testid="export-pocket"
            >
              <option value="">All files (or the files listed below)</option>
              {sources.pockets.map((pocket) => (
                <option key={pocket.id} value={pocket.id}>
                  Objects of the pocket {pocket.name}
                </option>
              ))}
            </select>
          </div>
          {!pocketId && (
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="export-paths">Only these files (one path per line; empty: all)</Label>
              <textarea
                id="export-paths"
                rows={2}
                className={`${SELECT} h-auto py-2 font-mono`}
                value={paths}
                onChange={(e) => setPaths(e.target.value)}
              />
            </div>
          )}
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1 text-sm font-medium">Fields to write</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="export-fields"
                checked={fields === 'edited'}
                onChange={() => setFields('edited')}
              />
              Only what a person edited
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="export-fields"
                checked={fields === 'accepted'}
                onChange={() => setFields('accepted')}
              />
              Edited, and the generated docs I accept as they are
            </label>
          </fieldset>
        </>
      ) : (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="export-source">Export</Label>
          <select
            id="export-source"
            className={SELECT}
            value={source}
            onChange={(e) => setSource(e.target.value)}
            data-testid="export-source"
          >
            <option value="">
              {sources.loading ? 'Loading…' : 'Choose a pocket or a repository'}
            </option>
            <optgroup label="Pockets">
              {sources.pockets.map((pocket) => (
                <option key={pocket.id} value={`c:${pocket.id}`}>
                  {pocket.name}
                </option>
              ))}
            </optgroup>
            <optgroup label="Repositories">
              {sources.repos.map((repo) => (
                <option key={repo.id} value={`r:${repo.id}`}>
                  {repo.name}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
      )}
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="export-name">Name (optional)</Label>
        <Input
          id="export-name"
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive" data-testid="export-form-error">
          {error}
        </p>
      )}
      <div>
        <Button type="submit" disabled={submitting} data-testid="export-submit">
          {submitting
            ? 'Starting…'
            : `Export ${kind === 'json' ? 'JSON' : kind === 'patch' ? 'patch' : 'Markdown'}`}
        </Button>
      </div>
    </form>
  );
}
