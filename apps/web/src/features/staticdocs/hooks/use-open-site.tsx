import { useCallback } from 'react';
import type { Folder } from '@codedocs/contract';
import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/hooks/use-toast';
import { failureMessage } from '@/lib/api-error';
import { postOpenFolder } from '../api/staticdocs-calls';

/** Shown in the new tab while the site's address is asked for. */
const OPENING_TEXT = 'Opening the documentation site…';

/**
 * Opens a folder's site in a new tab. The tab is opened at once, inside the click, so no popup
 * blocker stops it; it is cut from this page (no `opener`) and sent to the short-lived address
 * `POST …/folder/{id}/open` answers. A refusal closes it again and shows why.
 */
export function useOpenSite(): (folder: Folder) => Promise<void> {
  return useCallback(async (folder: Folder) => {
    const tab = window.open('', '_blank');
    if (tab) {
      tab.opener = null;
      tab.document.title = folder.name;
      tab.document.body.textContent = OPENING_TEXT;
    }
    try {
      const { url } = await postOpenFolder(folder.folder_id);
      if (tab && !tab.closed) {
        tab.location.href = url;
      } else {
        // the browser refused the tab: a link the user clicks is never blocked
        toast({
          title: `“${folder.name}” is ready to open`,
          description: 'Your browser blocked the new tab.',
          action: (
            <ToastAction altText="Open the site in a new tab" asChild>
              <a href={url} target="_blank" rel="noopener noreferrer">
                Open site
              </a>
            </ToastAction>
          ),
        });
      }
    } catch (error) {
      tab?.close();
      toast({
        variant: 'destructive',
        title: `“${folder.name}” could not be opened`,
        description: failureMessage(error, 'The site could not be opened'),
      });
    }
  }, []);
}
