import { posix } from 'node:path';
import type { SiteLink, SiteModel, SiteObject, SiteRepository } from '@codedocs/contract';

/** A source file with more objects than this gets a page per object. */
export const MARKDOWN_OBJECTS_PER_PAGE = 40;

/** One file of a Markdown export. */
export interface MarkdownFile {
  path: string;
  text: string;
}

/** An object's anchor in its page: GitHub, MkDocs, Docusaurus and Starlight keep raw `id`s. */
export const objectAnchor = (objectId: string) => `obj-${objectId}`;

const yaml = (value: string | number | null) => (value === null ? 'null' : JSON.stringify(value));
const code = (text: string) => {
  const ticks = text.includes('`') ? '``' : '`';
  return `${ticks}${text}${ticks}`;
};

/** A folder name for a repository: its name, made safe, unique in the export. */
function repoFolders(repositories: readonly SiteRepository[]): Map<string, string> {
  const out = new Map<string, string>();
  const used = new Set<string>();
  for (const repo of repositories) {
    let name = repo.name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+/, '') || 'repository';
    if (used.has(name)) name = `${name}-${repo.repo_id.slice(0, 8)}`;
    used.add(name);
    out.set(repo.repo_id, name);
  }
  return out;
}

/** A path segment safe in any file system (no `..`, no control characters). */
const safeSegment = (segment: string) =>
  segment === '.' || segment === '..' || segment === ''
    ? '_'
    : [...segment]
        .map((c) =>
          c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f || '\\:*?"<>|'.includes(c) ? '_' : c,
        )
        .join('');

const slug = (name: string) =>
  name
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'object';

/** Where each object is: its page and anchor, by site key. */
interface Placement {
  page: string;
  anchor: string;
}

function placements(model: SiteModel): {
  byKey: Map<string, Placement>;
  filePages: Map<string, string>;
} {
  const folders = repoFolders(model.repositories);
  const byKey = new Map<string, Placement>();
  const filePages = new Map<string, string>();
  for (const repo of model.repositories) {
    for (const file of repo.files) {
      const base = [folders.get(repo.repo_id)!, ...file.path.split('/').map(safeSegment)].join('/');
      const page = `${base}.md`;
      filePages.set(`${repo.repo_id}\0${file.path}`, page);
      const split = file.objects.length > MARKDOWN_OBJECTS_PER_PAGE;
      const used = new Set<string>();
      for (const object of file.objects) {
        let own = page;
        if (split) {
          let name = slug(object.qualified_name);
          if (used.has(name)) name = `${name}-${object.object_id.slice(0, 8)}`;
          used.add(name);
          own = `${base}/${name}.md`;
        }
        byKey.set(object.key, { page: own, anchor: objectAnchor(object.object_id) });
      }
    }
  }
  return { byKey, filePages };
}

/** A link from `fromPage` to another page (and anchor), relative, as any git host resolves it. */
export function relativeLink(fromPage: string, toPage: string, anchor?: string): string {
  const target =
    toPage === fromPage
      ? ''
      : posix.relative(posix.dirname(fromPage), toPage) || posix.basename(toPage);
  return `${target.split('/').map(encodeURIComponent).join('/')}${anchor ? `#${anchor}` : ''}`;
}

function linkList(
  title: string,
  links: readonly SiteLink[],
  page: string,
  byKey: ReadonlyMap<string, Placement>,
): string[] {
  if (links.length === 0) return [];
  return [
    `**${title}:** ` +
      links
        .map((link) => {
          const to = link.key ? byKey.get(link.key) : undefined;
          return to
            ? `[${code(link.name)}](${relativeLink(page, to.page, to.anchor)})`
            : code(link.name);
        })
        .join(', '),
    '',
  ];
}

function objectSection(
  object: SiteObject,
  page: string,
  byKey: ReadonlyMap<string, Placement>,
  level: number,
): string[] {
  const hashes = '#'.repeat(level);
  const out = [
    `<a id="${objectAnchor(object.object_id)}"></a>`,
    '',
    `${hashes} ${code(object.qualified_name)}`,
    '',
    `*${object.kind}* · ${object.status}${object.source_url ? ` · [source](${object.source_url})` : ''}`,
    '',
    '```' + object.language,
    object.signature,
    '```',
    '',
  ];
  if (object.parent_key && byKey.has(object.parent_key)) {
    const parent = byKey.get(object.parent_key)!;
    out.push(`Member of [its parent](${relativeLink(page, parent.page, parent.anchor)}).`, '');
  }
  const params = object.fields.filter((f) => f.field_id.startsWith('param:'));
  for (const field of object.fields) {
    if (field.field_id.startsWith('param:')) continue;
    const stale = field.stale ? ' *(written for older code)*' : '';
    if (field.field_id === 'summary') out.push(`${field.value}${stale}`, '');
    else out.push(`**${field.label}**${stale}`, '', field.value, '');
    if (field.field_id === 'summary' && params.length) {
      out.push('**Parameters**', '');
      for (const p of params)
        out.push(`- ${code(p.field_id.slice(6))}: ${p.value.replace(/\n+/g, ' ')}`);
      out.push('');
    }
  }
  out.push(
    ...linkList('Calls', object.calls, page, byKey),
    ...linkList('Called by', object.called_by, page, byKey),
    ...linkList('Extends', object.extends, page, byKey),
    ...linkList('Extended by', object.extended_by, page, byKey),
  );
  return out;
}

/**
 * A site model as a folder of Markdown: `README.md` (the index), a page per source file
 * (`<repository>/<path>.md`) with front matter naming the commit and each object's id and
 * status, and a page per object for files with more than MARKDOWN_OBJECTS_PER_PAGE objects.
 * Links between objects are relative, so they resolve on any git host and in MkDocs,
 * Docusaurus or Starlight.
 */
export function markdownFolder(model: SiteModel): MarkdownFile[] {
  const { byKey, filePages } = placements(model);
  const files: MarkdownFile[] = [];
  const index = [`# ${model.title}`, '', `Exported ${model.built_at}.`, ''];
  for (const repo of model.repositories) {
    index.push(`## ${repo.name}`, '', `Commit ${code(repo.commit_id)}.`, '');
    for (const file of repo.files) {
      const page = filePages.get(`${repo.repo_id}\0${file.path}`)!;
      index.push(`- [${file.path}](${relativeLink('README.md', page)}) (${file.objects.length})`);
      const split = file.objects.length > MARKDOWN_OBJECTS_PER_PAGE;
      const front = [
        '---',
        `title: ${yaml(file.path)}`,
        `repository: ${yaml(repo.name)}`,
        `repo_id: ${yaml(repo.repo_id)}`,
        `commit: ${yaml(repo.commit_id)}`,
        `source: ${yaml(file.source_url)}`,
        'objects:',
        ...file.objects.flatMap((o) => [
          `  - id: ${yaml(o.object_id)}`,
          `    name: ${yaml(o.qualified_name)}`,
          `    status: ${yaml(o.status)}`,
        ]),
        '---',
        '',
        `# ${code(file.path)}`,
        '',
        `[Index](${relativeLink(page, 'README.md')}) · ${repo.name} at ${code(repo.commit_id.slice(0, 12))}`,
        '',
      ];
      const body = split
        ? file.objects.map((o) => {
            const to = byKey.get(o.key)!;
            return `- [${code(o.qualified_name)}](${relativeLink(page, to.page, to.anchor)}): ${o.status}`;
          })
        : file.objects.flatMap((o) => objectSection(o, page, byKey, 2));
      files.push({ path: page, text: [...front, ...body, ''].join('\n') });
      if (!split) continue;
      for (const object of file.objects) {
        const own = byKey.get(object.key)!.page;
        const text = [
          '---',
          `title: ${yaml(object.qualified_name)}`,
          `id: ${yaml(object.object_id)}`,
          `repository: ${yaml(repo.name)}`,
          `file: ${yaml(file.path)}`,
          `commit: ${yaml(repo.commit_id)}`,
          `status: ${yaml(object.status)}`,
          '---',
          '',
          `[${file.path}](${relativeLink(own, page)})`,
          '',
          ...objectSection(object, own, byKey, 1),
        ];
        files.push({ path: own, text: text.join('\n') });
      }
    }
    index.push('');
  }
  files.unshift({ path: 'README.md', text: index.join('\n') });
  return files;
}
