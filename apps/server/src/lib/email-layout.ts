import { formatDateRange } from '@taquilla/shared/dates';

/** The shared frame of every e-mail: a heading, paragraphs, an optional button, a footer. Text is escaped here. */
export interface EmailContent {
  heading: string;
  paragraphs: string[];
  /** Organizer HTML already sanitized on the server (lib/html), placed after the paragraphs. */
  richHtml?: string;
  /** The plain-text version of `richHtml`, for the text part. */
  richTextPlain?: string;
  /** Images attached to the e-mail and shown inline (`cid:`), e.g. the tickets' QR codes. */
  images?: { cid: string; alt: string; caption?: string }[];
  button?: { label: string; url: string };
  /** The organizer's own closing words (plain text), above the platform's footer, which always stays. */
  organizerFooter?: string | null;
  footer?: string;
  /** The e-mail's language (the html lang attribute). */
  lang?: string;
}

export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** Web addresses in plain text (trailing punctuation is the sentence's, not the address's). */
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']*[^\s<>"'.,;:!?)\]»]/g;

/** Plain text as HTML: escaped, its line breaks kept and its web addresses made links. */
export function textToHtml(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = escapeHtml(match[0]);
    html += `${escapeHtml(text.slice(last, match.index))}<a href="${url}" style="color:#1c7ed6">${url}</a>`;
    last = match.index + match[0].length;
  }
  return (html + escapeHtml(text.slice(last))).replace(/\n/g, '<br>');
}

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const button = content.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.button.url)}" style="background:#228be6;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(content.button.label)}</a></p>`
    : '';
  const images = (content.images ?? [])
    .map(
      (i) =>
        `<p style="margin:16px 0;text-align:center"><img src="cid:${escapeHtml(i.cid)}" alt="${escapeHtml(i.alt)}" width="220" height="220" style="display:block;margin:0 auto">${i.caption ? `<br><span style="font-size:13px;color:#555">${escapeHtml(i.caption)}</span>` : ''}</p>`,
    )
    .join('\n');
  const rich = content.richHtml ? `<div style="line-height:1.5">${content.richHtml}</div>` : '';
  const lang = content.lang ? ` lang="${escapeHtml(content.lang)}"` : '';
  const html = `<!doctype html><html${lang}><body style="font-family:Arial,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:22px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((p) => `<p style="line-height:1.5">${textToHtml(p)}</p>`).join('\n')}
${rich}
${images}
${button}
${content.organizerFooter ? `<p style="line-height:1.5;color:#555">${textToHtml(content.organizerFooter)}</p>` : ''}
<hr style="border:none;border-top:1px solid #eee;margin-top:32px"><p style="color:#888;font-size:12px">${escapeHtml(content.footer ?? 'Taquilla')}</p>
</body></html>`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs,
    ...(content.richTextPlain ? ['', content.richTextPlain] : []),
    ...(content.button ? ['', `${content.button.label}: ${content.button.url}`] : []),
    ...(content.organizerFooter ? ['', content.organizerFooter] : []),
    '',
    content.footer ?? 'Taquilla',
  ].join('\n');
  return { html, text };
}

/**
 * The event's date line: the shared date range (the end's time only when it ends the same day) and the
 * time zone, all in the event's zone — "sábado, 12 de diciembre de 2026, 20:00 – 23:30 (Europe/Madrid)".
 */
export function eventDateLine(locale: string, start: Date, end: Date | null, timeZone: string): string {
  return `${formatDateRange(start, end, timeZone, locale, 'full')} (${timeZone})`;
}
