import type { UploadTicket } from '../../core/user-files';

/** An object as read back: its bytes, what it was stored as, and its size. */
export interface StoredFile {
  readonly body: Uint8Array;
  readonly contentType: string | undefined;
  readonly size: number;
}

/**
 * Port over the user-files bucket. Keys come from core/user-files.ts (`users/{sub}/…`), never from
 * a caller. Uploads go straight from the browser to the bucket through a presigned POST form whose
 * policy bounds the key, size and type; a reader still checks both, for what reached the bucket
 * another way.
 */
export interface UserFiles {
  presignUpload(
    key: string,
    bounds: {
      readonly maxBytes: number;
      readonly contentType: string;
      readonly expiresSeconds: number;
    },
  ): Promise<Omit<UploadTicket, 'uploadId' | 'maxBytes' | 'contentType'>>;
  /** The object, or undefined when there is none; refuses to read more than `maxBytes`. */
  read(key: string, maxBytes: number): Promise<StoredFile | 'too large' | undefined>;
  write(key: string, body: string, contentType: string): Promise<void>;
  /** A GET link valid for `expiresSeconds` that downloads the object as `fileName`. */
  presignDownload(key: string, fileName: string, expiresSeconds: number): Promise<string>;
}
