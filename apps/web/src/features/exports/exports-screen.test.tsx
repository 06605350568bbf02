import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Export } from '@codedocs/contract';
import { requestsTo } from '@/test/api-routes';
import { jsonResponse } from '@/test/fetch-stub';
import { testRepo } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const PATCH = `diff --git a/src/app.ts b/src/app.ts
--- a/src/app.ts
+++ b/src/app.ts
@@ -1,2 +1,5 @@
+/**
+ * Greets a person by name.
+ */
 export function greet(name: string): string {
   return name;
`;

const ready = (overrides: Partial<Export> = {}): Export => ({
  export_id: 'e1',
  kind: 'patch',
  name: 'greeter',
  compilation_id: null,
  repo_id: testRepo.repo_id,
  fields: 'edited',
  status: 'ready',
  error: null,
  task_id: null,
  created_at: '2026-11-25T12:00:00.000Z',
  updated_at: '2026-11-25T12:00:01.000Z',
  file_count: 1,
  size: PATCH.length,
  pins: [{ repo_id: testRepo.repo_id, repo_name: testRepo.name, commit_id: 'b'.repeat(40) }],
  written: 1,
  skipped: [
    { path: 'src/x.py', name: 'one_liner', reason: 'its body is on the line of its header' },
  ],
  ...overrides,
});

/** Issue 22: the export screen's Markdown, JSON and Patch beside Site. */
describe('/app/export: Markdown, JSON and Patch', () => {
  it('asks for a repository, posts the patch export and shows a ready patch as a diff', async () => {
    let exports: Export[] = [];
    const { user, fetchMock } = renderApp('/app/export', {
      session: 'logged-in',
      api: {
        'GET /api/v0/repo': () => jsonResponse({ repos: [testRepo] }),
        'GET /api/v1/staticdocs/folders/creator': () => jsonResponse({ folders: [], cursor: null }),
        'GET /api/v1/exports': () => jsonResponse({ exports, cursor: null }),
        'POST /api/v1/exports': () => {
          exports = [ready()];
          return jsonResponse({ export_id: 'e1', task_id: 'export:e1' }, 202);
        },
        'GET /api/v1/exports/e1/patch': () =>
          new Response(PATCH, { headers: { 'content-type': 'text/plain; charset=utf-8' } }),
      },
    });
    await screen.findByTestId('screen-export', {}, { timeout: 10_000 });
    for (const label of ['Site', 'Markdown', 'JSON', 'Patch'])
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Patch' }));
    expect(screen.getByRole('button', { name: 'Patch' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByTestId('export-history-empty')).toBeInTheDocument();

    await user.click(screen.getByTestId('export-submit'));
    expect(screen.getByTestId('export-form-error')).toHaveTextContent(
      'Choose the repository the patch is for',
    );
    expect(requestsTo(fetchMock, 'POST /api/v1/exports')).toHaveLength(0);

    await user.selectOptions(await screen.findByTestId('export-repo'), testRepo.name);
    await user.click(screen.getByLabelText('Edited, and the generated docs I accept as they are'));
    await user.click(screen.getByTestId('export-submit'));
    const [posted] = requestsTo(fetchMock, 'POST /api/v1/exports');
    expect(posted?.body).toEqual({ kind: 'patch', repo_id: testRepo.repo_id, fields: 'accepted' });

    const row = await screen.findByTestId('export-row');
    expect(within(row).getByTestId('export-status')).toHaveTextContent('Ready');
    await user.click(within(row).getByTestId('export-show-diff'));
    const diff = await screen.findByTestId('patch-diff');
    expect(diff).toHaveTextContent('+ * Greets a person by name.');
    const dialog = screen.getByTestId('patch-dialog');
    expect(dialog).toHaveTextContent('one_liner: its body is on the line of its header');
    expect(within(dialog).getByTestId('patch-download')).toBeEnabled();

    // per file what changes; a file dropped leaves the patch and its command
    expect(within(dialog).getByTestId('patch-files')).toHaveTextContent('src/app.ts+3 −0 lines');
    await user.click(within(dialog).getByTestId('patch-copy-command'));
    expect(await navigator.clipboard.readText()).toBe(
      `git apply <<'CODEDOCS_PATCH'\n${PATCH}CODEDOCS_PATCH\n`,
    );
    await user.click(within(dialog).getByTestId('patch-file-keep'));
    expect(within(dialog).getByTestId('patch-none-kept')).toBeInTheDocument();
    expect(within(dialog).getByTestId('patch-download')).toBeDisabled();
    expect(within(dialog).getByTestId('patch-copy-command')).toBeDisabled();
    await user.click(within(dialog).getByTestId('patch-file-keep'));
    expect(within(dialog).getByTestId('patch-download')).toBeEnabled();
  });

  it('shows a failed export with its reason, and a 400 at the form with the field', async () => {
    const { user } = renderApp('/app/export', {
      session: 'logged-in',
      api: {
        'GET /api/v0/repo': () => jsonResponse({ repos: [testRepo] }),
        'GET /api/v1/staticdocs/folders/creator': () => jsonResponse({ folders: [], cursor: null }),
        'GET /api/v1/exports': () =>
          jsonResponse({
            exports: [
              ready({
                export_id: 'e2',
                kind: 'json',
                status: 'failed',
                error: 'The repository is still being indexed',
              }),
            ],
            cursor: null,
          }),
        'POST /api/v1/exports': () =>
          jsonResponse(
            {
              statusCode: 400,
              code: 'bad_request',
              message: 'Name a compilation_id or a repo_id',
              field: 'body.compilation_id',
            },
            400,
          ),
      },
    });
    await screen.findByTestId('screen-export', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'JSON' }));
    const row = await screen.findByTestId('export-row');
    expect(within(row).getByTestId('export-status')).toHaveTextContent('Failed');
    expect(row).toHaveTextContent('The repository is still being indexed');
    await user.selectOptions(await screen.findByTestId('export-source'), `r:${testRepo.repo_id}`);
    await user.click(screen.getByTestId('export-submit'));
    expect(await screen.findByTestId('export-form-error')).toHaveTextContent(
      'Name a compilation_id or a repo_id (body.compilation_id)',
    );
  });
});
