import { Invalid, NotFound, TooLarge } from '../../core/domain-errors';
import { IMPORT_CONTENT_TYPE, importNotCsvText } from '../../core/user-files';
import type { UserFiles } from '../ports/user-files';

/**
 * An uploaded CSV read back as text, with its bounds checked again (the upload form's policy binds
 * only what came through the form): there, no larger than the import takes, typed text/csv, UTF-8
 * without NUL bytes (a spreadsheet's binary format is refused).
 */
export async function readCsvUpload(
  files: UserFiles,
  key: string,
  maxBytes: number,
  tooLargeText: string,
): Promise<string> {
  const file = await files.read(key, maxBytes);
  if (file === undefined) throw new NotFound('No such upload: upload the file again.');
  if (file === 'too large') throw new TooLarge(tooLargeText);
  const type = (file.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== IMPORT_CONTENT_TYPE) {
    throw new Invalid(importNotCsvText(type ? `its type is ${type}` : 'it has no type'));
  }
  if (file.body.includes(0)) throw new Invalid(importNotCsvText('it holds binary data'));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file.body);
  } catch {
    throw new Invalid(importNotCsvText('it is not UTF-8 text'));
  }
}
