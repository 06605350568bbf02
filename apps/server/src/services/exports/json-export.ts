import {
  EXPORT_DOCUMENT_VERSION,
  type ExportDocument,
  type ExportObject,
  type SiteLink,
  type SiteModel,
} from '@codedocs/contract';

/** What was exported, as the document's `source` names it. */
export type ExportSource = ExportDocument['source'];

const objectIdOfKey = (key: string | null) => (key ? key.slice(key.indexOf(':') + 1) : null);
const references = (links: readonly SiteLink[]) =>
  links.map((link) => ({ object_id: objectIdOfKey(link.key), name: link.name }));

/** A site model as the versioned JSON export document (`exportDocumentSchema`). */
export function exportDocument(model: SiteModel, source: ExportSource): ExportDocument {
  return {
    version: EXPORT_DOCUMENT_VERSION,
    generator: 'codedocs',
    exported_at: model.built_at,
    source,
    repositories: model.repositories.map((repo) => ({
      repo_id: repo.repo_id,
      name: repo.name,
      url: repo.url,
      branch: repo.branch,
      commit_id: repo.commit_id,
      coverage: {
        objects: repo.object_count,
        documented: repo.documented_count,
        generated: repo.generated_count ?? 0,
        stale: repo.stale_count ?? 0,
        undocumented:
          repo.undocumented_count ??
          repo.object_count - repo.documented_count - (repo.generated_count ?? 0),
      },
      files: repo.files.map((file) => ({
        path: file.path,
        language: file.language,
        objects: file.objects.map((object): ExportObject => ({
          object_id: object.object_id,
          name: object.name,
          qualified_name: object.qualified_name,
          kind: object.kind,
          language: object.language,
          signature: object.signature,
          line_start: object.line_start,
          line_end: object.line_end,
          status: object.status,
          parent_id: objectIdOfKey(object.parent_key),
          source_url: object.source_url,
          fields: object.fields.map((field) => ({
            field_id: field.field_id,
            label: field.label,
            value: field.value,
            provenance: {
              source: field.source,
              accepted: field.accepted ?? false,
              updated_by: field.updated_by,
              updated_at: field.updated_at,
              written_at_commit: field.written_at_commit ?? null,
              stale: field.stale,
            },
          })),
          references: {
            calls: references(object.calls),
            called_by: references(object.called_by),
            extends: references(object.extends),
            extended_by: references(object.extended_by),
          },
        })),
      })),
    })),
  };
}
