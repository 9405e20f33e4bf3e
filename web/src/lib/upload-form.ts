import type { UploadTicket } from '@core/user-files';

/**
 * Posts the file with S3's presigned form (signed fields first, the file last), reporting the
 * share sent. XMLHttpRequest, as fetch tells nothing of an upload's progress.
 */
export function postForm(
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
