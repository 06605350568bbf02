import type { FileJson } from '@codedocs/contract';
import type { RepoFile } from '@codedocs/db';
import { fileWebUrl } from '../services/repos/repo-web';

/** A `files` row → the File JSON of the files page, with its page on the forge when known. */
export function presentFile(file: RepoFile, repoUrl: string): FileJson {
  return {
    file_id: file.file_id,
    file_name: file.name,
    file_path: file.path,
    file_url: fileWebUrl(repoUrl, file.commit_id, file.path),
    size: Number(file.size),
    language: file.language,
    extension: file.extension,
  };
}
