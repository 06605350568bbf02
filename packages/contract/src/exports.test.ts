import { describe, expect, it } from 'vitest';
import {
  createExportRequestSchema,
  EXPORT_DOCUMENT_VERSION,
  exportDocumentSchema,
  type ExportDocument,
} from './exports';

const document: ExportDocument = {
  version: EXPORT_DOCUMENT_VERSION,
  generator: 'codedocs',
  exported_at: '2026-11-25T12:00:00.000Z',
  source: { kind: 'repository', repo_id: 'r1', name: 'core' },
  repositories: [
    {
      repo_id: 'r1',
      name: 'core',
      url: 'https://example.com/core.git',
      branch: 'main',
      commit_id: 'a'.repeat(40),
      coverage: { objects: 2, documented: 1, generated: 0, stale: 0, undocumented: 1 },
      files: [
        {
          path: 'src/app.py',
          language: 'python',
          objects: [
            {
              object_id: 'o1',
              name: 'run',
              qualified_name: 'App.run',
              kind: 'method',
              language: 'python',
              signature: 'def run(self):',
              line_start: 3,
              line_end: 9,
              status: 'documented',
              parent_id: 'o0',
              source_url: null,
              fields: [
                {
                  field_id: 'summary',
                  label: 'Summary',
                  value: 'Runs the app.',
                  provenance: {
                    source: 'edited',
                    accepted: false,
                    updated_by: 'Ada',
                    updated_at: '2026-11-25T11:00:00.000Z',
                    written_at_commit: 'a'.repeat(40),
                    stale: false,
                  },
                },
              ],
              references: {
                calls: [{ object_id: 'o2', name: 'App.stop' }],
                called_by: [],
                extends: [],
                extended_by: [{ object_id: null, name: 'outside.py' }],
              },
            },
          ],
        },
      ],
    },
  ],
};

describe('the JSON export document, version 2', () => {
  it('accepts a complete document', () => {
    expect(exportDocumentSchema.parse(document)).toEqual(document);
  });

  it('refuses another version, an unknown provenance source or a missing reference list', () => {
    expect(exportDocumentSchema.safeParse({ ...document, version: 1 }).success).toBe(false);
    const object = document.repositories[0]!.files[0]!.objects[0]!;
    const withSource = (source: string) => ({
      ...document,
      repositories: [
        {
          ...document.repositories[0]!,
          files: [
            {
              ...document.repositories[0]!.files[0]!,
              objects: [
                {
                  ...object,
                  fields: [
                    {
                      ...object.fields[0]!,
                      provenance: { ...object.fields[0]!.provenance, source },
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    });
    expect(exportDocumentSchema.safeParse(withSource('imported')).success).toBe(true);
    expect(exportDocumentSchema.safeParse(withSource('guessed')).success).toBe(false);
    const { references: _dropped, ...bare } = object;
    void _dropped;
    expect(
      exportDocumentSchema.safeParse({
        ...document,
        repositories: [
          {
            ...document.repositories[0]!,
            files: [{ ...document.repositories[0]!.files[0]!, objects: [bare] }],
          },
        ],
      }).success,
    ).toBe(false);
  });

  it('is published as JSON Schema (the OpenAPI component CodedocsExport)', async () => {
    const { z } = await import('zod');
    const schema = JSON.stringify(z.toJSONSchema(exportDocumentSchema));
    for (const key of ['provenance', 'written_at_commit', 'references', 'called_by'])
      expect(schema).toContain(`"${key}"`);
  });
});

describe('an export request', () => {
  it('names the field that is wrong', () => {
    const issue = (body: object) =>
      createExportRequestSchema.safeParse(body).error?.issues[0]?.path.join('.');
    expect(issue({ kind: 'json' })).toBe('compilation_id');
    expect(issue({ kind: 'patch' })).toBe('repo_id');
    expect(issue({ kind: 'json', repo_id: 'r', fields: 'edited' })).toBe('fields');
    expect(issue({ kind: 'patch', repo_id: 'r', compilation_id: 'c', paths: ['a'] })).toBe('paths');
    expect(
      createExportRequestSchema.safeParse({ kind: 'patch', repo_id: 'r', paths: ['src/a.ts'] })
        .success,
    ).toBe(true);
  });
});
