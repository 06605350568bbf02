import { ArrowLeft, FileCode2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { OverviewFacts, OverviewObject, OverviewSection } from '@codedocs/contract';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { useRepoOverview, useSaveOverviewSection } from '../api/overview-calls';
import { ModuleGraph } from './module-graph';
import { OverviewSectionCard } from './overview-section-card';

/** Props of RepoOverview. */
export interface RepoOverviewProps {
  repoId: string;
  /** The repository's name, when the list knows it (the heading). */
  repoName: string | null;
  /** Where "Back to repositories" leads. */
  backTo: string;
  renderMarkdown: (markdown: string) => ReactNode;
}

function FactsLine({ facts }: { facts: OverviewFacts }) {
  const items = [
    `${facts.files} source files`,
    `${facts.objects} objects`,
    `${facts.module_count} modules`,
    `${facts.entry_points.length} entry points`,
    `${facts.public_api_total} public objects`,
  ];
  return (
    <div className="flex flex-col gap-2">
      <ul
        aria-label="Counts"
        className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground"
      >
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {facts.languages.length > 0 && (
        <ul aria-label="Languages" className="flex flex-wrap gap-1">
          {facts.languages.map((l) => (
            <li key={l.language}>
              <Badge variant="secondary">
                {l.language} · {l.files}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The objects a section names, each opening in Live docs at the current commit. */
function ObjectLinks({
  repoId,
  label,
  objects,
}: {
  repoId: string;
  label: string;
  objects: readonly OverviewObject[];
}) {
  if (objects.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {objects.map((object) => (
        <li key={object.object_id} className="min-w-0">
          <Link
            to={`/app/livedocs?repo=${encodeURIComponent(repoId)}&object=${encodeURIComponent(object.object_id)}`}
            title={`${object.qualified_name} in ${object.file_path}`}
            className="inline-block max-w-full truncate rounded-md border border-border px-2 py-0.5 font-mono text-xs text-primary hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {object.qualified_name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** What a section draws under its text: the graph, or links to the objects it names. */
function SectionFacts({
  repoId,
  sectionId,
  facts,
}: {
  repoId: string;
  sectionId: OverviewSection['section_id'];
  facts: OverviewFacts;
}) {
  if (sectionId === 'dependencies') return <ModuleGraph graph={facts.graph} />;
  if (sectionId === 'most_used')
    return <ObjectLinks repoId={repoId} label="Open in Live docs" objects={facts.most_used} />;
  if (sectionId === 'entry_points')
    return (
      <ObjectLinks
        repoId={repoId}
        label="Open in Live docs"
        objects={facts.entry_points.flatMap((entry) => (entry.object ? [entry.object] : []))}
      />
    );
  return null;
}

function OverviewSkeleton() {
  return (
    <div className="flex flex-col gap-3" data-testid="overview-loading">
      <span className="sr-only" role="status">
        Loading the overview
      </span>
      <Skeleton className="h-5 w-64 max-w-full" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-32 w-full" />
      ))}
    </div>
  );
}

/**
 * A repository's overview: counts and languages, then each section (entry points, modules,
 * dependencies with their graph, most-used objects, public API) with its text, editable.
 */
export function RepoOverview({ repoId, repoName, backTo, renderMarkdown }: RepoOverviewProps) {
  const query = useRepoOverview(repoId);
  const save = useSaveOverviewSection(repoId);
  const overview = query.data?.state === 'ready' ? query.data.overview : undefined;
  const indexing = query.data?.state === 'indexing' ? query.data.message : null;

  const handleSave = (section: OverviewSection) => (doc: string, version: number) =>
    save.mutateAsync({ section_id: section.section_id, doc, version });

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="repo-overview">
      <Link
        to={backTo}
        className="inline-flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to repositories
      </Link>
      <div className="flex flex-col gap-1">
        <h2 className="text-xl font-semibold break-words" data-testid="overview-heading">
          Overview{repoName ? ` of ${repoName}` : ''}
        </h2>
        {overview && (
          <p className="text-sm text-muted-foreground">
            Facts read from the code at commit{' '}
            <code className="font-mono" title={overview.commit_id}>
              {overview.commit_id.slice(0, 7)}
            </code>
            , computed {formatDateTime(overview.generated_at)}.
          </p>
        )}
      </div>
      {query.isPending && <OverviewSkeleton />}
      {indexing !== null && (
        <div
          data-testid="overview-empty"
          className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border p-8 text-center"
        >
          <FileCode2 className="size-8 text-muted-foreground" aria-hidden="true" />
          <p className="max-w-prose text-sm text-muted-foreground" role="status">
            {indexing}
          </p>
        </div>
      )}
      {query.isError && (
        <LoadError
          data-testid="overview-error"
          message={failureMessage(query.error, 'Failed to load the overview')}
          onRetry={() => void query.refetch()}
        />
      )}
      {overview && (
        <>
          <FactsLine facts={overview.facts} />
          {overview.facts.files === 0 && (
            <p data-testid="overview-empty" className="text-sm text-muted-foreground">
              No source file of a known language at this commit.
            </p>
          )}
          {overview.sections.map((section) => (
            <OverviewSectionCard
              key={`${section.section_id}:${section.version}`}
              section={section}
              onSave={handleSave(section)}
              onReload={() => void query.refetch()}
              renderMarkdown={renderMarkdown}
            >
              <SectionFacts repoId={repoId} sectionId={section.section_id} facts={overview.facts} />
            </OverviewSectionCard>
          ))}
        </>
      )}
    </div>
  );
}
