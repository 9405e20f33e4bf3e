import type { OutboxMessage } from './outbox';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** /dev/outbox: the e-mails and SMS the local stack would have sent, newest first. */
export function renderOutboxPage(messages: readonly OutboxMessage[]): string {
  const rows = messages
    .map(
      (m) => `<tr>
  <td><time datetime="${escape(m.at)}">${escape(m.at.replace('T', ' ').slice(0, 19))}</time></td>
  <td>${m.channel === 'email' ? 'E-mail' : 'SMS'}</td>
  <td>${escape(m.to)}</td>
  <td>${escape(m.subject ?? '')}</td>
  <td>${escape(m.body)}</td>
  <td><strong>${escape(m.code ?? '')}</strong></td>
</tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local outbox</title>
<style>
  body { font: 14px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 1280px; padding: 0 1rem; color: #111; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #ddd; padding: .5rem; text-align: left; vertical-align: top; }
  th { background: #f4f4f5; }
</style>
</head>
<body>
<h1>Local outbox</h1>
<p>Messages the local stack would have sent by e-mail (SES) or SMS (SNS). Local mode only.</p>
${
  messages.length === 0
    ? '<p>No messages yet.</p>'
    : `<table>
<thead><tr><th scope="col">Sent</th><th scope="col">Channel</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Message</th><th scope="col">Code</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}
</body>
</html>`;
}
