import { DEFAULT_LOCALE, type Locale } from '@taquilla/shared';
import { dateFormat } from '@taquilla/shared/dates';
import type { Queryable } from '../../db/client.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import { isLocale, t } from '../../lib/i18n.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { enqueueEmail } from '../../lib/mailer.ts';
import { waitlistMessages as m } from './waitlist.messages.ts';

interface MailEntry {
  email: string;
  first_name: string;
  quantity: number;
  locale: string;
}

interface MailContext {
  jobs: JobQueue;
  appUrl: string;
  tx: Queryable;
  eventName: string;
  ticketName: string;
}

const localeOf = (entry: MailEntry): Locale => (isLocale(entry.locale) ? entry.locale : DEFAULT_LOCALE);

/** The sign-up confirmation, in the entry's language, with the link to leave the list. */
export function queueJoinedEmail(ctx: MailContext, entry: MailEntry, leaveToken: string) {
  const locale = localeOf(entry);
  const params = {
    name: entry.first_name,
    quantity: entry.quantity,
    ticket: ctx.ticketName,
    event: ctx.eventName,
  };
  const content = renderEmail({
    heading: t(locale, m['waitlist.email_joined_heading']),
    paragraphs: [t(locale, m['waitlist.email_joined_body'], params)],
    button: {
      label: t(locale, m['waitlist.email_leave']),
      url: `${ctx.appUrl}/waitlist/leave/${leaveToken}`,
    },
  });
  const subject = t(locale, m['waitlist.email_joined_subject'], params);
  return enqueueEmail(ctx.jobs, { to: entry.email, subject, ...content }, ctx.tx);
}

/** The offer: a link to the checkout of the order holding the units, valid until `until`. */
export function queueOfferEmail(
  ctx: MailContext & { eventId: string; timezone: string },
  entry: MailEntry,
  orderShortId: string,
  until: Date,
) {
  const locale = localeOf(entry);
  const untilText = dateFormat(locale, ctx.timezone, { dateStyle: 'long', timeStyle: 'short' }).format(until);
  const params = {
    name: entry.first_name,
    quantity: entry.quantity,
    ticket: ctx.ticketName,
    event: ctx.eventName,
    until: untilText,
  };
  const content = renderEmail({
    heading: t(locale, m['waitlist.email_offer_heading'], params),
    paragraphs: [t(locale, m['waitlist.email_offer_body'], params)],
    button: {
      label: t(locale, m['waitlist.email_offer_button'], params),
      url: `${ctx.appUrl}/checkout/${ctx.eventId}/${orderShortId}/details`,
    },
  });
  const subject = t(locale, m['waitlist.email_offer_subject'], params);
  return enqueueEmail(ctx.jobs, { to: entry.email, subject, ...content }, ctx.tx);
}
