import type { UploadTicket } from '../../core/user-files';

/**
 * Posts a file to the bucket with the presigned form the subscription API answered, as the SPA
 * does: the signed fields first, then `file` (S3 ignores fields after it). Answers S3's response.
 */
export function postUploadForm(
  ticket: UploadTicket,
  content: string,
  contentType = ticket.contentType,
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) {
    form.append(name, name === 'Content-Type' ? contentType : value);
  }
  form.append('file', new Blob([content], { type: contentType }), 'watchlist.csv');
  return fetch(ticket.url, { method: 'POST', body: form });
}
