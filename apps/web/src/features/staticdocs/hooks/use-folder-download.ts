import { useCallback, useState } from 'react';
import type { Folder } from '@codedocs/contract';
import { toast } from '@/hooks/use-toast';
import { failureMessage } from '@/lib/api-error';
import { downloadFileName, saveBlob } from '@/lib/save-blob';
import { getFolderZip } from '../api/staticdocs-calls';

/** A zip download of a folder's site, whole or in part, and whether one is under way. */
export interface FolderDownload {
  downloading: boolean;
  /** The whole site, or only `fileIds`; resolves once the zip was handed to the browser. */
  download: (fileIds?: readonly string[]) => Promise<void>;
}

/**
 * Downloads a folder's site as a zip (`GET …/files`, or `POST …/files {file_ids}` for a
 * selection) and saves it under the folder's name; a failure is a toast.
 */
export function useFolderDownload(folder: Folder): FolderDownload {
  const [downloading, setDownloading] = useState(false);
  const { folder_id: folderId, name } = folder;
  const download = useCallback(
    async (fileIds?: readonly string[]) => {
      setDownloading(true);
      try {
        const zip = await getFolderZip(folderId, fileIds);
        saveBlob(zip, downloadFileName(fileIds ? `${name} (selection)` : name, 'zip'));
      } catch (error) {
        toast({
          variant: 'destructive',
          title: 'Download failed',
          description: failureMessage(error, 'The zip could not be made'),
        });
      } finally {
        setDownloading(false);
      }
    },
    [folderId, name],
  );
  return { downloading, download };
}
