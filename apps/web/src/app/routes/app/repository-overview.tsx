import { MarkdownPreview } from '@/features/livedocs/components/markdown-preview';
import { RepoOverview } from '@/features/overview/components/repo-overview';

const renderMarkdown = (markdown: string) => <MarkdownPreview markdown={markdown} />;

/**
 * The overview view of `/app/repository?overview=<id>`, a chunk of its own (it brings the
 * Markdown renderer in), with the live docs' sanitised preview for the sections' text.
 */
export default function RepositoryOverview({
  repoId,
  repoName,
}: {
  repoId: string;
  repoName: string | null;
}) {
  return (
    <RepoOverview
      repoId={repoId}
      repoName={repoName}
      backTo="/app/repository"
      renderMarkdown={renderMarkdown}
    />
  );
}
