import { useEffect, useRef, useState } from 'react';
import { Check, Copy, KeyRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { copyText } from '@/lib/copy-text';

/** Props of NewLink. */
export interface NewLinkProps {
  /** The link, as the server answered it (the only time it is ever shown). */
  url: string;
  /** What the link is, e.g. "New public link". */
  title: string;
  /** Who the link lets in and until when. */
  description?: string;
  onDone: () => void;
  'data-testid'?: string;
}

/**
 * A link just made, with Copy. The server keeps only a hash of a link, so this is the one time
 * it can be shown: the box says so. Focus moves to Copy when it appears, so keyboard users
 * land on it; when the clipboard refuses, the link is selected to copy by hand.
 */
export function NewLink({ url, title, description, onDone, ...props }: NewLinkProps) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const copy = useRef<HTMLButtonElement>(null);
  useEffect(() => copy.current?.focus(), [url]);

  const handleCopy = async () => {
    const done = await copyText(url);
    setCopied(done ? 'copied' : 'failed');
    if (!done) input.current?.select();
  };

  return (
    <div
      role="group"
      aria-label={title}
      data-testid={props['data-testid'] ?? 'share-new-link'}
      className="flex min-w-0 flex-col gap-2 rounded-md border border-primary/40 bg-primary/5 p-3"
    >
      <p className="flex items-center gap-2 text-sm font-medium">
        <KeyRound aria-hidden="true" className="size-4 shrink-0 text-primary" />
        {title}
      </p>
      {description && <p className="text-sm text-muted-foreground">{description}</p>}
      <div className="flex min-w-0 gap-2">
        <Input
          ref={input}
          readOnly
          value={url}
          aria-label={`${title}: the address`}
          onFocus={(event) => event.currentTarget.select()}
          className="flex-1 font-mono text-xs"
          data-testid="share-new-link-url"
        />
        <Button
          ref={copy}
          type="button"
          onClick={() => void handleCopy()}
          data-testid="share-new-link-copy"
        >
          {copied === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied === 'copied' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        Copy it now: it cannot be shown again, because only a fingerprint of it is kept. If it is
        lost, make a new link.
      </p>
      <p role="status" className="text-xs" data-testid="share-new-link-copied">
        {copied === 'copied' && 'Link copied to the clipboard.'}
        {copied === 'failed' && (
          <span className="text-destructive">
            The browser did not allow copying: the link is selected, copy it with Ctrl+C (⌘C).
          </span>
        )}
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-end"
        onClick={onDone}
        data-testid="share-new-link-done"
      >
        Done
      </Button>
    </div>
  );
}
