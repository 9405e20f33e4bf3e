import { useMutation } from '@tanstack/react-query';
import type { ColumnMapping } from '@core/portfolio/csv-import';
import type { PortfolioImportAnswer, PortfolioImportPreview } from '@core/portfolio/import-plan';
import { subscriptionApi } from '../../../lib/apis/subscription';
import { callAsUser } from '../../../lib/auth/call-as-user';
import { postForm } from '../../../lib/upload-form';

/** The file straight to the user's imports/ folder through the portfolio import's upload form. */
export function useImportUpload(onProgress: (share: number) => void) {
  return useMutation({
    mutationFn: async (file: File): Promise<string> => {
      const ticket = await callAsUser(subscriptionApi, 'createPortfolioUpload');
      await postForm(ticket, file, onProgress);
      return ticket.uploadId;
    },
  });
}

/** What importing the upload with the mapping would do; the server saves nothing. */
export function useImportPreview(portfolioId: string) {
  return useMutation({
    mutationFn: ({
      uploadId,
      mapping,
    }: {
      uploadId: string;
      mapping: ColumnMapping;
    }): Promise<PortfolioImportPreview> =>
      callAsUser(subscriptionApi, 'previewPortfolioImport', {
        params: { id: portfolioId },
        body: { uploadId, mapping },
      }),
  });
}

export function useImportRun(portfolioId: string) {
  return useMutation({
    mutationFn: (body: {
      uploadId: string;
      mapping: ColumnMapping;
      version: number;
      skipInvalidRows: boolean;
    }): Promise<PortfolioImportAnswer> =>
      callAsUser(subscriptionApi, 'importPortfolio', { params: { id: portfolioId }, body }),
  });
}
