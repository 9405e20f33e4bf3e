import * as z from 'zod';
import { columnMappingSchema } from '../portfolio/csv-import';
import { UPLOAD_ID } from '../user-files';

/** The subscription API's portfolio import bodies (core/portfolio/csv-import.ts, import-plan.ts). */

const upload = {
  uploadId: z.string('uploadId must be text').regex(UPLOAD_ID, 'uploadId is not an upload id'),
  mapping: columnMappingSchema,
};

/** What importing the upload with this mapping would do; nothing is saved. */
export const previewPortfolioImportBody = z.strictObject(upload);

/**
 * The import, at the portfolio's version the user saw. `skipInvalidRows`: the user chose to leave
 * the rows with errors out; without it a file with an error is refused.
 */
export const importPortfolioBody = z.strictObject({
  ...upload,
  version: z.number('version must be a number').int().positive('version must be positive'),
  skipInvalidRows: z.boolean('skipInvalidRows must be true or false').default(false),
});
