/**
 * A user's files in the user-files bucket: CSV imports they upload
 * and CSV exports the product writes for them. Every key is derived from the token's sub, so no id
 * a caller sends can reach another user's object; lifecycle rules expire both folders.
 */

export type UserFileFolder = 'imports' | 'exports';

/** An upload's id: a random UUID the server picks. */
export const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** `users/{sub}/{folder}/{name}`: the only keys the subscription API reads or writes. */
export const userFileKey = (sub: string, folder: UserFileFolder, name: string): string =>
  `users/${sub}/${folder}/${name}`;

/** The prefix every user file lives under (IAM grants and the CDK tests name it). */
export const USER_FILES_PREFIX = 'users/';

/** Imports and exports are working copies: the bucket expires them after this many days. */
export const USER_FILE_EXPIRY_DAYS = 1;
/**
 * The tag every import and export carries, which the bucket's lifecycle rule expires by (a rule
 * cannot match the imports/ folder in the middle of users/{sub}/imports/).
 */
export const WORKING_COPY_TAG = { key: 'lifetime', value: 'working-copy' } as const;

/** A watchlist CSV is a few KB (200 symbols); 64 KB leaves room for names and notes beside them. */
export const IMPORT_MAX_BYTES = 64 * 1024;
/** Rows an import reads at most (every row is looked up: bounded work per request). */
export const IMPORT_MAX_ROWS = 1_000;
export const IMPORT_CONTENT_TYPE = 'text/csv';
/** How long the presigned upload form is valid. */
export const UPLOAD_EXPIRY_SECONDS = 5 * 60;
/** How long an export's presigned download link is valid (the SPA follows it at once). */
export const DOWNLOAD_EXPIRY_SECONDS = 60;

/** What the SPA posts the file with: S3's POST form (its URL and the signed fields before `file`). */
export interface UploadTicket {
  readonly uploadId: string;
  readonly url: string;
  readonly fields: Readonly<Record<string, string>>;
  readonly maxBytes: number;
  readonly contentType: string;
  /** ISO instant the form stops being accepted. */
  readonly expiresAt: string;
}

/** A file offered for download: a short-lived presigned link. */
export interface DownloadLink {
  readonly url: string;
  readonly fileName: string;
}

/** What the upgrade prompt and the server's 403 name (core/subscription.ts premiumOnlyText). */
export const CSV_EXPORT_FEATURE = 'CSV export';

export const EXPORT_KINDS = ['watchlists', 'alerts'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** What a user sees when a file is bigger than an import takes. */
export const IMPORT_TOO_LARGE_TEXT = `The file is too large: an import takes at most ${IMPORT_MAX_BYTES / 1024} KB.`;

/** What a user sees when the upload is not CSV text. */
export const importNotCsvText = (what: string): string =>
  `The file is not a CSV text file (${what}). Save it as CSV text and try again.`;

/**
 * The bucket's CORS rule, the same in AWS and locally: the SPA's origin may POST the upload form
 * (and read S3's answer to it). Downloads are navigations, which CORS does not govern.
 */
export const USER_FILES_CORS = {
  allowedMethods: ['POST'],
  allowedHeaders: ['*'],
  maxAgeSeconds: 600,
} as const;
