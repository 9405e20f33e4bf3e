import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadTicket } from '@core/user-files';
import type { WatchlistImportAnswer } from '@core/watchlist-import';
import { subscriptionApi } from '../../../lib/apis/subscription';
import { callAsUser } from '../../../lib/auth/call-as-user';
import { watchlistKeys } from './watchlists';

export type ImportTarget =
  | { readonly kind: 'new'; readonly name: string }
  | { readonly kind: 'existing'; readonly id: string; readonly version: number };

/**
 * Posts the file with S3's presigned form (signed fields first, the file last), reporting the
 * share sent. XMLHttpRequest, as fetch tells nothing of an upload's progress.
 */
function postForm(
  ticket: UploadTicket,
  file: File,
  onProgress: (share: number) => void,
): Promise<void> {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', file);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', ticket.url);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () =>
      request.status >= 200 && request.status < 300
        ? resolve()
        : reject(new Error(`The upload was refused (${request.status}). Try again.`));
    request.onerror = () => reject(new Error('The upload failed: check your connection.'));
    request.send(form);
  });
}

/**
 * A CSV into a watchlist: an upload form from the server, the file straight to the bucket, then
 * the import of that upload into the target list. The lists are read again either way.
 */
export function useWatchlistImport(onProgress: (share: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      file,
      target,
    }: {
      file: File;
      target: ImportTarget;
    }): Promise<WatchlistImportAnswer> => {
      const ticket = await callAsUser(subscriptionApi, 'createUpload');
      await postForm(ticket, file, onProgress);
      return callAsUser(subscriptionApi, 'importWatchlist', {
        body: { uploadId: ticket.uploadId, target },
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: watchlistKeys.all }),
  });
}
