import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WatchlistImportAnswer } from '@core/watchlist-import';
import { subscriptionApi } from '../../../lib/apis/subscription';
import { callAsUser } from '../../../lib/auth/call-as-user';
import { postForm } from '../../../lib/upload-form';
import { watchlistKeys } from './watchlists';

export type ImportTarget =
  | { readonly kind: 'new'; readonly name: string }
  | { readonly kind: 'existing'; readonly id: string; readonly version: number };

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
