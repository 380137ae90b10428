import { formatMoney, type Locale } from '@taquilla/shared';
import type { Queryable } from '../../db/client.ts';
import type { EventLocation } from '../../db/schema/index.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import { isLocale, t } from '../../lib/i18n.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { enqueueEmail } from '../../lib/mailer.ts';
import { ordersMessages as m } from './orders.messages.ts';
import type { AttendeeRow, OrderItemRow, OrderRow } from './orders.repository.ts';

/** What the order e-mails say about the event. */
export interface EmailEvent {
  id: string;
  name: string;
  start_date: Date;
  timezone: string;
  location: EventLocation;
  organizer_name: string;
  settings: Record<string, unknown>;
}

/** What the e-mails say about an attendee. */
export type EmailAttendee = Pick<AttendeeRow, 'email' | 'first_name' | 'short_id' | 'order_item_id'>;

export interface OrderEmailContext {
  /** The queue, or anything that takes the jobs (a caller writing them itself). */
  jobs: Pick<JobQueue, 'enqueue'>;
  appUrl: string;
  tx: Queryable;
  event: EmailEvent;
  order: OrderRow;
}

const localeOf = (order: OrderRow): Locale => (isLocale(order.locale) ? order.locale : 'es');

/** One date format per language and time zone, kept: building one costs more than an e-mail. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: Locale, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

function eventLines(locale: Locale, event: EmailEvent): string[] {
  const date = dateFormat(locale, event.timezone).format(event.start_date);
  const l = event.location;
  const place = [l.venue_name, l.address_line_1, l.city].filter(Boolean).join(', ') || l.online_url;
  return [
    t(locale, m['orders.email_event_when'], { date }),
    ...(place ? [t(locale, m['orders.email_event_where'], { place })] : []),
  ];
}

const viewOrderButton = (ctx: OrderEmailContext, locale: Locale) => ({
  label: t(locale, m['orders.email_view_order']),
  url: `${ctx.appUrl}/checkout/${ctx.event.id}/${ctx.order.short_id}/summary`,
});

/** Queues an e-mail to the buyer in the order's language, inside the order's transaction. */
function sendToBuyer(
  ctx: OrderEmailContext,
  to: string,
  subjectKey: string,
  content: { html: string; text: string },
) {
  const subject = t(localeOf(ctx.order), subjectKey, { event: ctx.event.name });
  return enqueueEmail(ctx.jobs, { to, subject, ...content }, ctx.tx);
}

const footer = (locale: Locale, event: EmailEvent) =>
  t(locale, m['orders.email_footer'], { organizer: event.organizer_name });

/** Order confirmation to the buyer, and a ticket e-mail to each attendee with a different address. */
export async function queueCompletedOrderEmails(
  ctx: OrderEmailContext,
  items: OrderItemRow[],
  attendees: EmailAttendee[],
): Promise<void> {
  const { order, event } = ctx;
  if (!order.email) return;
  const locale = localeOf(order);
  const money = (cents: number) => formatMoney(cents, order.currency, locale);
  const content = renderEmail({
    heading: t(locale, m['orders.email_confirmation_heading']),
    paragraphs: [
      t(locale, m['orders.email_confirmation_intro'], {
        name: order.first_name ?? '',
        order: order.short_id,
        event: event.name,
      }),
      ...eventLines(locale, event),
      ...items.map((i) =>
        t(locale, m['orders.email_item_line'], {
          quantity: i.quantity,
          ticket: i.price_label ? `${i.ticket_name} (${i.price_label})` : i.ticket_name,
          amount: money(i.total_cents),
        }),
      ),
      t(locale, m['orders.email_total'], { amount: money(order.total_cents) }),
    ],
    button: viewOrderButton(ctx, locale),
    footer: footer(locale, event),
  });
  await sendToBuyer(ctx, order.email, m['orders.email_confirmation_subject'], content);

  const itemById = new Map(items.map((i) => [i.id, i]));
  for (const attendee of attendees) {
    if (attendee.email.toLowerCase() === order.email.toLowerCase()) continue;
    await queueTicketEmail(ctx, attendee, itemById.get(attendee.order_item_id)?.ticket_name ?? '');
  }
}

/**
 * One attendee's ticket e-mail, in the order's language: at checkout it says who bought it for them;
 * `again` (the organizer resends it) just hands the ticket over.
 */
export function queueTicketEmail(
  ctx: OrderEmailContext,
  attendee: EmailAttendee,
  ticketName: string,
  again = false,
) {
  const { order, event } = ctx;
  const locale = localeOf(order);
  const buyer = `${order.first_name ?? ''} ${order.last_name ?? ''}`.trim();
  const intro = again
    ? t(locale, m['orders.email_ticket_again_intro'], {
        name: attendee.first_name,
        ticket: ticketName,
        event: event.name,
      })
    : t(locale, m['orders.email_ticket_intro'], {
        name: attendee.first_name,
        buyer,
        ticket: ticketName,
        event: event.name,
      });
  const content = renderEmail({
    heading: t(locale, m['orders.email_ticket_heading']),
    paragraphs: [intro, ...eventLines(locale, event), t(locale, m['orders.email_ticket_hint'])],
    button: {
      label: t(locale, m['orders.email_view_ticket']),
      url: `${ctx.appUrl}/ticket/${event.id}/${attendee.short_id}`,
    },
    footer: footer(locale, event),
  });
  return enqueueEmail(
    ctx.jobs,
    {
      to: attendee.email,
      subject: t(locale, m['orders.email_ticket_subject'], { event: event.name }),
      ...content,
    },
    ctx.tx,
  );
}

/** To the buyer of an offline order: what to pay and how. */
export async function queueOfflinePaymentEmail(ctx: OrderEmailContext): Promise<void> {
  const { order, event } = ctx;
  if (!order.email) return;
  const locale = localeOf(order);
  const instructions = String(event.settings.offline_payment_instructions ?? '').trim();
  const content = renderEmail({
    heading: t(locale, m['orders.email_offline_heading']),
    paragraphs: [
      t(locale, m['orders.email_offline_intro'], {
        name: order.first_name ?? '',
        order: order.short_id,
        event: event.name,
        amount: formatMoney(order.total_cents, order.currency, locale),
      }),
      ...(instructions ? [t(locale, m['orders.email_offline_instructions'], { instructions })] : []),
      ...eventLines(locale, event),
    ],
    button: viewOrderButton(ctx, locale),
    footer: footer(locale, event),
  });
  await sendToBuyer(ctx, order.email, m['orders.email_offline_subject'], content);
}

/** To the buyer whose late payment could not be honoured and was refunded. */
export async function queueRefundEmail(ctx: OrderEmailContext, amountCents: number): Promise<void> {
  const { order, event } = ctx;
  if (!order.email) return;
  const locale = localeOf(order);
  const content = renderEmail({
    heading: t(locale, m['orders.email_refund_heading']),
    paragraphs: [
      t(locale, m['orders.email_refund_intro'], {
        name: order.first_name ?? '',
        amount: formatMoney(amountCents, order.currency, locale),
      }),
    ],
    footer: footer(locale, event),
  });
  await sendToBuyer(ctx, order.email, m['orders.email_refund_subject'], content);
}
