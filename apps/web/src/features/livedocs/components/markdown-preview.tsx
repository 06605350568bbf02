import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { cn } from '@/lib/cn';

/**
 * Markdown as HTML, sanitised: fields come from people and generators, so scripts, event
 * handlers, `javascript:` links and anything else DOMPurify does not allow never reach the page.
 */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

/** The preview of a doc field. */
export function MarkdownPreview({
  markdown,
  className,
  ...props
}: { markdown: string; className?: string } & Record<`data-${string}`, string>) {
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  return (
    <div
      className={cn(
        'prose-sm max-w-none text-sm leading-relaxed [&_a]:text-primary [&_a]:underline [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_li]:ml-4 [&_ol]:list-decimal [&_p]:my-1 [&_pre]:overflow-x-auto [&_pre]:rounded-md [&_pre]:bg-muted [&_pre]:p-2 [&_ul]:list-disc',
        className,
      )}
      // sanitised above by DOMPurify: the only HTML that reaches the page
      dangerouslySetInnerHTML={{ __html: html }}
      {...props}
    />
  );
}
