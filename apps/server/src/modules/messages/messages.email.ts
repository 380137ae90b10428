import { DEFAULT_LOCALE, type Locale } from '@taquilla/shared';
import { renderEmail } from '../../lib/email-layout.ts';
import { htmlToText } from '../../lib/html.ts';
import { isLocale, t } from '../../lib/i18n.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { messagesMessages as m } from './messages.messages.ts';

export interface MessageEvent {
  id: string;
  name: string;
  settings: Record<string, unknown>;
  organizer_name: string;
  organizer_email: string | null;
}

export interface Recipient {
  email: string;
  first_name: string | null;
  locale: string;
}

/** Replies go to the event's support address, else the organizer's. */
export function replyTo(event: MessageEvent): string | undefined {
  return String(event.settings.support_email ?? '').trim() || event.organizer_email || undefined;
}

/**
 * One recipient's copy: the organizer's subject and (sanitized) body inside a frame in the language of the
 * recipient's order, naming the event and the organizer. `messageId` is stable per delivery.
 */
export function messageEmail(
  /** `plain`: the body as text, when already computed (a batch computes it once for all its e-mails). */
  message: { subject: string; body: string; plain?: string },
  event: MessageEvent,
  to: Recipient,
  opts: { messageId?: string; test?: boolean } = {},
): MailMessage {
  const locale: Locale = isLocale(to.locale) ? to.locale : DEFAULT_LOCALE;
  const vars = { event: event.name, organizer: event.organizer_name };
  const content = renderEmail({
    lang: locale,
    heading: message.subject,
    paragraphs: [
      ...(to.first_name ? [t(locale, m['messages.email_greeting'], { name: to.first_name })] : []),
      t(locale, m['messages.email_intro'], vars),
    ],
    richHtml: message.body,
    richTextPlain: message.plain ?? htmlToText(message.body),
    footer: t(locale, m['messages.email_footer'], vars),
  });
  return {
    to: to.email,
    subject: opts.test ? t(locale, m['messages.test_prefix'], { subject: message.subject }) : message.subject,
    replyTo: replyTo(event),
    ...(opts.messageId ? { messageId: opts.messageId } : {}),
    ...content,
  };
}
