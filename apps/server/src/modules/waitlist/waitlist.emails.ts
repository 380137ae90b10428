import { DEFAULT_LOCALE, type Locale } from '@taquilla/shared';
import { dateFormat, formatDateRange } from '@taquilla/shared/dates';
import type { EmailTemplateKind } from '@taquilla/shared/schemas/email-templates';
import type { Queryable } from '../../db/client.ts';
import { eventDateLine, renderEmail } from '../../lib/email-layout.ts';
import { isLocale, t } from '../../lib/i18n.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { enqueueEmail } from '../../lib/mailer.ts';
import { customTexts } from '../email-templates/email-templates.service.ts';
import { loadDateRefs } from '../event-dates/date-refs.ts';
import { type EmailEvent, platformFooter, replyToOf } from '../orders/orders.service.ts';
import { waitlistMessages as m } from './waitlist.messages.ts';

interface MailEntry {
  email: string;
  first_name: string;
  last_name?: string;
  quantity: number;
  locale: string;
}

interface MailContext {
  jobs: Pick<JobQueue, 'enqueue'>;
  appUrl: string;
  tx: Queryable;
  /** The event as the order e-mails describe it (`orders.emailEventOf`): its date, organizer, texts. */
  event: EmailEvent;
  ticketName: string;
  /** The date the entry waits for, on an event with dates (#27): named beside the ticket. */
  date?: { starts_at: Date; ends_at: Date | null } | null;
}

/** The ticket as the e-mails name it: with the entry's date on an event with dates. */
function ticketLabel(ctx: MailContext, locale: Locale) {
  if (!ctx.date) return ctx.ticketName;
  const when = formatDateRange(ctx.date.starts_at, ctx.date.ends_at, ctx.event.timezone, locale, 'full');
  return `${ctx.ticketName}, ${when}`;
}

/** The event as the e-mails describe it: on the entry's date when it has one. */
const onDate = (ctx: MailContext): EmailEvent =>
  ctx.date ? { ...ctx.event, start_date: ctx.date.starts_at, end_date: ctx.date.ends_at } : ctx.event;

/** The date an entry waits for, as its e-mails name it (#27); null without one. */
export async function entryDate(q: Queryable, dateId: string | null | undefined) {
  if (!dateId) return null;
  const ref = (await loadDateRefs(q, [dateId])).get(dateId);
  return ref
    ? { starts_at: new Date(ref.starts_at), ends_at: ref.ends_at ? new Date(ref.ends_at) : null }
    : null;
}

const localeOf = (entry: MailEntry): Locale => (isLocale(entry.locale) ? entry.locale : DEFAULT_LOCALE);

/** The organizer's texts for this e-mail (email-templates), placeholders filled; null: the built-in text. */
function organizerTexts(
  ctx: MailContext,
  kind: EmailTemplateKind,
  entry: MailEntry,
  extra: Record<string, string> = {},
) {
  const event = onDate(ctx);
  const locale = localeOf(entry);
  return customTexts(event.email_templates, kind, locale, {
    buyer_name: `${entry.first_name} ${entry.last_name ?? ''}`.trim(),
    event_name: event.name,
    event_date: eventDateLine(locale, event.start_date, event.end_date, event.timezone),
    organizer_name: event.organizer_name,
    ...extra,
  });
}

/**
 * Sends like the order e-mails: in the entry's language, a reply reaching the organizer, the platform's
 * footer under the organizer's.
 */
function queue(ctx: MailContext, entry: MailEntry, subject: string, content: { html: string; text: string }) {
  const message = { to: entry.email, subject, replyTo: replyToOf(ctx.event), ...content };
  return enqueueEmail(ctx.jobs, message, ctx.tx, { accountId: ctx.event.account_id, eventId: ctx.event.id });
}

/** The sign-up confirmation, in the entry's language, with the link to leave the list. */
export function queueJoinedEmail(ctx: MailContext, entry: MailEntry, leaveToken: string) {
  const locale = localeOf(entry);
  const params = {
    name: entry.first_name,
    quantity: entry.quantity,
    ticket: ticketLabel(ctx, locale),
    event: ctx.event.name,
  };
  const custom = organizerTexts(ctx, 'WAITLIST_JOINED', entry);
  const content = renderEmail({
    lang: locale,
    heading: t(locale, m['waitlist.email_joined_heading']),
    paragraphs: [custom.intro ?? t(locale, m['waitlist.email_joined_body'], params)],
    button: {
      label: t(locale, m['waitlist.email_leave']),
      url: `${ctx.appUrl}/waitlist/leave/${leaveToken}`,
    },
    organizerFooter: custom.footer,
    footer: platformFooter(locale, ctx.event),
  });
  return queue(ctx, entry, custom.subject ?? t(locale, m['waitlist.email_joined_subject'], params), content);
}

/** The offer: a link to the checkout of the order holding the units, valid until `until`. */
export function queueOfferEmail(ctx: MailContext, entry: MailEntry, orderShortId: string, until: Date) {
  const locale = localeOf(entry);
  const { event } = ctx;
  const untilText = dateFormat(locale, event.timezone, { dateStyle: 'long', timeStyle: 'short' }).format(
    until,
  );
  const params = {
    name: entry.first_name,
    quantity: entry.quantity,
    ticket: ticketLabel(ctx, locale),
    event: event.name,
    until: untilText,
  };
  const url = `${ctx.appUrl}/checkout/${event.id}/${orderShortId}/details`;
  const custom = organizerTexts(ctx, 'WAITLIST_OFFER', entry, { order_id: orderShortId, order_link: url });
  const content = renderEmail({
    lang: locale,
    heading: t(locale, m['waitlist.email_offer_heading'], params),
    // The deadline is the platform's to say: an opening text of the organizer's comes with it.
    paragraphs: custom.intro
      ? [custom.intro, t(locale, m['waitlist.email_offer_until'], params)]
      : [t(locale, m['waitlist.email_offer_body'], params)],
    button: { label: t(locale, m['waitlist.email_offer_button'], params), url },
    organizerFooter: custom.footer,
    footer: platformFooter(locale, event),
  });
  return queue(ctx, entry, custom.subject ?? t(locale, m['waitlist.email_offer_subject'], params), content);
}
