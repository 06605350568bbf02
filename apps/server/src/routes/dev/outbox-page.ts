import { escapeHtml } from '../../mail/html';
import type { OutboxEntry } from '../../mail/outbox-mailer';

function renderEntry(entry: OutboxEntry): string {
  const links = entry.links
    .map((link) => `<li><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></li>`)
    .join('');
  return `<article>
<h2>${escapeHtml(entry.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(entry.to)}</strong> · <time datetime="${escapeHtml(entry.created_at)}">${escapeHtml(entry.created_at)}</time></p>
${links ? `<ul class="links">${links}</ul>` : ''}
<details><summary>Message</summary><pre>${escapeHtml(entry.text)}</pre></details>
</article>`;
}

/** The development outbox page: every mail the server "sent", newest first, links clickable. */
export function renderOutboxPage(entries: OutboxEntry[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Outbox · CodeDocs</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;line-height:1.5}
article{border:1px solid #ccc;border-radius:8px;padding:0.5rem 1rem;margin:1rem 0}
h2{font-size:1.1rem;margin:0.5rem 0}.meta{color:#555;margin:0}
pre{white-space:pre-wrap;background:#f5f5f5;padding:0.5rem}a{word-break:break-all}
</style></head><body>
<h1>Outbox</h1>
<p>Mails are written here because SMTP_URL is not set. This page shows sign-in links: it answers only on this machine.</p>
${entries.length === 0 ? '<p>No mail yet.</p>' : entries.map(renderEntry).join('\n')}
</body></html>`;
}
