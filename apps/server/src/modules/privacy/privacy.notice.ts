import { LOCALE_INFO, type Locale, SUPPORTED_LOCALES } from '@taquilla/shared';
import { escapeHtml } from '../../lib/email-layout.ts';
import { t } from '../../lib/i18n.ts';
import { privacyMessages as m } from './privacy.messages.ts';

/** What the notice names: the event's organizer and the account's retention (none: the generic notice). */
export interface NoticeSubject {
  eventId: string;
  eventName: string;
  organizerName: string;
  contactEmail: string | null;
  retentionDays: number | null;
}

/** The language links: every supported language under its own name. */
const LANGS = SUPPORTED_LOCALES.map((value) => ({ value, label: LOCALE_INFO[value].label }));

/**
 * The public privacy notice as one small HTML document (no script: it must read on any phone, with
 * JavaScript off): who is the controller (the organizer) and the processor (this installation), what is
 * kept and for how long (the account's retention), and how to ask for a copy or an erasure.
 */
export function renderNotice(locale: Locale, host: string, subject: NoticeSubject | null): string {
  // Values are escaped with the text around them, once.
  const text = (key: string, params: Record<string, string | number> = {}) =>
    escapeHtml(t(locale, key, params));
  const section = (title: string, ...paragraphs: string[]) =>
    `<h2>${title}</h2>${paragraphs.map((p) => `<p>${p}</p>`).join('')}`;
  const email = subject?.contactEmail
    ? `<a href="mailto:${escapeHtml(subject.contactEmail)}">${escapeHtml(subject.contactEmail)}</a>`
    : null;
  const body = [
    section(
      text(m['privacy.notice.controller_title']),
      subject
        ? text(m['privacy.notice.controller_event'], {
            organizer: subject.organizerName,
            event: subject.eventName,
          })
        : text(m['privacy.notice.controller_generic']),
      text(m['privacy.notice.processor'], { host }),
    ),
    section(text(m['privacy.notice.what_title']), text(m['privacy.notice.what'])),
    section(
      text(m['privacy.notice.retention_title']),
      subject?.retentionDays
        ? text(m['privacy.notice.retention_days'], { days: subject.retentionDays })
        : text(m['privacy.notice.retention_kept']),
      text(m['privacy.notice.retention_invoices']),
    ),
    section(
      text(m['privacy.notice.rights_title']),
      // The address is put in after escaping, as a link.
      email
        ? text(m['privacy.notice.rights_contact'], { email: '\u0000' }).replace('\u0000', email)
        : text(m['privacy.notice.rights_generic']),
    ),
  ].join('');
  const back = subject
    ? `<p><a href="/e/${escapeHtml(subject.eventId)}">← ${text(m['privacy.notice.back'])}</a></p>`
    : '';
  const langs = LANGS.map(
    (l) =>
      `<a href="?lang=${l.value}" lang="${l.value}"${l.value === locale ? ' aria-current="true"' : ''}>${l.label}</a>`,
  ).join(' · ');
  const title = text(m['privacy.notice.title']);
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}${subject ? ` · ${escapeHtml(subject.eventName)}` : ''}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;line-height:1.55;margin:0;background:#f6f7f9}
main{max-width:680px;margin:0 auto;padding:24px 16px 8px;background:#fff;min-height:80vh}
h1{font-size:26px;margin:8px 0 4px}h2{font-size:18px;margin:24px 0 4px}p{margin:6px 0}
a{color:#1c64c8}.sub{color:#5b6470;margin:0 0 8px}
footer{max-width:680px;margin:0 auto;padding:12px 16px 24px;color:#5b6470;font-size:14px;display:flex;justify-content:space-between;flex-wrap:wrap;gap:8px}
footer a[aria-current]{font-weight:700;color:#1f2328;text-decoration:none}
</style></head>
<body><main>${back}<h1>${title}</h1>${subject ? `<p class="sub">${escapeHtml(subject.eventName)} · ${escapeHtml(subject.organizerName)}</p>` : ''}${body}</main>
<footer><span>Taquilla</span><span>${langs}</span></footer></body></html>`;
}
