import { ACTIVITY_CATEGORIES } from '@codedocs/contract';
import type { ActivityCategory, ActivityEvent } from '@codedocs/contract';
import { paths } from '@/config/paths';

/** What the feed shows of one event: a sentence, where it leads, and its category. */
export interface EventDescription {
  text: string;
  href: string | null;
  category: ActivityCategory;
}

/** Names the feed may need that events do not carry (a repository's, by id). */
export interface EventNames {
  repoName?: (repoId: string) => string | undefined;
}

const count = (n: unknown, one: string, many = `${one}s`) => {
  const value = typeof n === 'number' ? n : 0;
  return `${value.toLocaleString()} ${value === 1 ? one : many}`;
};
const text = (value: unknown, fallback: string) =>
  typeof value === 'string' && value !== '' ? value : fallback;

/** How a field id reads in a sentence: "the summary", "parameter a". */
function fieldName(fieldId: unknown): string {
  if (typeof fieldId !== 'string') return 'a field';
  if (fieldId.startsWith('param:')) return `parameter ${fieldId.slice(6)}`;
  return `the ${fieldId}`;
}

function categoryOf(kind: ActivityEvent['kind']): ActivityCategory {
  for (const [category, kinds] of Object.entries(ACTIVITY_CATEGORIES)) {
    if ((kinds as readonly string[]).includes(kind)) return category as ActivityCategory;
  }
  return 'repositories';
}

function livedocsHref(repoId: string | null, objectId?: unknown): string | null {
  if (!repoId) return null;
  const query = new URLSearchParams({ repo: repoId });
  if (typeof objectId === 'string') query.set('object', objectId);
  return `${paths.app.livedocs}?${query.toString()}`;
}

/** The sentence and link of one event (or of a group of one generation's files). */
export function describeEvent(event: ActivityEvent, names: EventNames = {}): EventDescription {
  const { data } = event;
  const repo = text(data.name, names.repoName?.(event.scope ?? '') ?? 'a repository');
  const repoOfDocs = names.repoName?.(event.scope ?? '') ?? 'a repository';
  const who = event.actor_name ?? 'Someone';
  const category = categoryOf(event.kind);
  const describe = (sentence: string, href: string | null): EventDescription => ({
    text: sentence,
    href,
    category,
  });
  const docsLink = livedocsHref(event.scope, data.object_id);
  switch (event.kind) {
    case 'repo.connected':
      return describe(`Connected ${repo}`, livedocsHref(event.subject));
    case 'repo.synced':
      return describe(
        data.changed === false
          ? `Synced ${repo}: already up to date`
          : `Synced ${repo} to ${text(data.commit_id, 'a new commit').slice(0, 10)}`,
        livedocsHref(event.subject),
      );
    case 'repo.branch_switched':
      return describe(
        `Switched ${repo} to ${text(data.branch, 'another branch')}`,
        livedocsHref(event.subject),
      );
    case 'repo.deleted':
      return describe(`Deleted ${repo}`, null);
    case 'repo.indexed':
      return describe(
        `Read the code of ${repo}: ${count(data.objects, 'object')}`,
        livedocsHref(event.subject),
      );
    case 'docs.generated': {
      const files = typeof data.files === 'number' ? data.files : 1;
      if (files === 1 && data.task_id == null && typeof data.name === 'string') {
        return describe(`Regenerated the docs of ${data.name} in ${repoOfDocs}`, docsLink);
      }
      const where =
        files === 1 ? text(data.file_path, 'a file') : `${count(files, 'file')} of ${repoOfDocs}`;
      return describe(
        `Generated ${count(event.amount, 'field')} for ${count(data.objects, 'object')} in ${where}`,
        docsLink,
      );
    }
    case 'doc.edited':
      return describe(
        `${who} edited ${fieldName(data.field_id)} of ${text(data.name, 'an object')}`,
        docsLink,
      );
    case 'doc.accepted':
      return describe(
        `${who} accepted the generated ${fieldName(data.field_id)} of ${text(data.name, 'an object')}`,
        docsLink,
      );
    case 'doc.reviewed':
      return describe(
        `${who} marked the docs of ${text(data.name, 'an object')} as reviewed`,
        docsLink,
      );
    case 'compilation.created':
      return describe(`Created the pocket ${text(data.name, '')}`.trim(), paths.app.pockets);
    case 'compilation.changed': {
      const pocket = text(data.name, 'a pocket');
      const changes: Record<string, string> = {
        renamed: `Renamed a pocket to ${pocket}`,
        objects_added: `Added ${count(data.count, 'object')} to ${pocket}`,
        objects_removed: `Removed ${count(data.count, 'object')} from ${pocket}`,
        reordered: `Reordered ${pocket}`,
      };
      return describe(changes[String(data.change)] ?? `Changed ${pocket}`, paths.app.pockets);
    }
    case 'compilation.deleted':
      return describe(`Deleted the pocket ${text(data.name, '')}`.trim(), null);
    case 'site.built':
      return describe(
        `Built the site ${text(data.name, '')} (${count(data.files, 'file')})`,
        paths.app.export,
      );
    case 'site.viewed':
      return describe(`${who} opened the site ${text(data.name, '')}`.trim(), paths.app.export);
    case 'share.created':
      return describe(
        `Shared ${text(data.name, 'a site')} by ${text(data.kind, 'a')} link`,
        paths.app.export,
      );
    case 'share.opened':
      return describe(
        `${who} opened the ${text(data.kind, 'shared')} link of ${text(data.name, 'a site')}`,
        paths.app.export,
      );
    case 'share.revoked':
      return describe(
        `Revoked a ${text(data.kind, 'shared')} link of ${text(data.name, 'a site')}`,
        paths.app.export,
      );
    case 'plan.bought':
      return describe(
        typeof data.plan === 'string' ? `Bought the ${data.plan} plan` : 'Bought a plan',
        paths.app.settings.parser,
      );
  }
}
