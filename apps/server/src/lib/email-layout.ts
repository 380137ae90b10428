/** The shared frame of every e-mail: a heading, paragraphs, an optional button, a footer. Text is escaped here. */
export interface EmailContent {
  heading: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  footer?: string;
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const button = content.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.button.url)}" style="background:#228be6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.button.label)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${button}
<hr style="border:none;border-top:1px solid #eee;margin-top:32px"><p style="color:#888;font-size:12px">${escapeHtml(content.footer ?? 'Taquilla')}</p>
</body></html>`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs,
    ...(content.button ? ['', `${content.button.label}: ${content.button.url}`] : []),
    '',
    content.footer ?? 'Taquilla',
  ].join('\n');
  return { html, text };
}
