export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** Files sent with the message; kept in the outbox until it is cleaned up. */
  attachments?: readonly MailAttachment[];
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** One layout for every message: a short French text, one button-like link, the same link in clear. */
export function layoutMail(brand: string, options: { title: string; paragraphs: string[]; action: string; link: string; footer: string }): MailContent {
  const text = [
    'Bonjour,',
    '',
    ...options.paragraphs,
    '',
    `${options.action} : ${options.link}`,
    '',
    options.footer,
    '',
    `L’équipe ${brand}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(options.title)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;background:#f3f4f6;margin:0;padding:24px">
<table role="presentation" width="100%" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td>
<p style="font-size:20px;font-weight:bold;color:#0b4f8a;margin:0 0 16px">${escapeHtml(brand)}</p>
<p>Bonjour,</p>
${options.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(options.link)}" style="background:#0b4f8a;color:#ffffff;padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block">${escapeHtml(options.action)}</a></p>
<p style="font-size:13px;color:#4b5563">Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :<br>${escapeHtml(options.link)}</p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(options.footer)}</p>
<p>L’équipe ${escapeHtml(brand)}</p>
</td></tr></table></body></html>`;
  return { subject: options.title, text, html };
}
