import { DEFAULT_LOCALE, formatMoney, type Locale } from '@taquilla/shared';
import type { EmailTemplateKind } from '@taquilla/shared/schemas/email-templates';
import type { OrderEmailKind } from '@taquilla/shared/schemas/orders';
import type { Queryable } from '../../db/client.ts';
import type { EventLocation } from '../../db/schema/index.ts';
import { eventDateLine, renderEmail } from '../../lib/email-layout.ts';
import { isLocale, t } from '../../lib/i18n.ts';
import { renderIcs } from '../../lib/ics.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { type AttachmentRef, enqueueEmail, type MailAttachment, type MailMessage } from '../../lib/mailer.ts';
import { qrPngBase64 } from '../../lib/qr.ts';
import { customTexts, type TemplateTexts } from '../email-templates/email-templates.service.ts';
import { loadDateRefs, refOf } from '../event-dates/date-refs.ts';
import {
  documentRef,
  ORDER_DOCUMENTS,
  TICKET_DOCUMENTS,
  ticketsRef,
} from '../order-lifecycle/order-documents.ts';
import { countResends } from './activity.repository.ts';
import { logActivity } from './activity.ts';
import { ordersMessages as m } from './orders.messages.ts';
import type { AttendeeRow, OrderItemRow, OrderRow } from './orders.repository.ts';

/** What the order e-mails say about the event. */
export interface EmailEvent {
  id: string;
  account_id: string;
  name: string;
  start_date: Date;
  end_date: Date | null;
  timezone: string;
  location: EventLocation;
  organizer_name: string;
  organizer_email?: string | null;
  settings: Record<string, unknown>;
  /** The organizer's texts for the event's e-mails (account's and event's), read with the event. */
  email_templates: TemplateTexts[];
  /** The event's date whose time and venue these fields hold (`onOrderDate`); unset: the event's own. */
  date_id?: string;
}

/** What the e-mails say about an attendee. */
export type EmailAttendee = Pick<
  AttendeeRow,
  'id' | 'email' | 'first_name' | 'last_name' | 'short_id' | 'order_item_id' | 'qr_secret'
>;

/** Replies from buyers go to the event's support address, else the organizer's (never to no-reply). */
export function replyToOf(event: Pick<EmailEvent, 'settings' | 'organizer_email'>): string | undefined {
  const support = String(event.settings.support_email ?? '').trim();
  return support || event.organizer_email || undefined;
}

export interface OrderEmailContext {
  /** The queue, or anything that takes the jobs (a caller writing them itself). */
  jobs: Pick<JobQueue, 'enqueue'>;
  appUrl: string;
  tx: Queryable;
  event: EmailEvent;
  order: OrderRow;
  /** The organizer who asked (a resend, a cancellation), for the activity log. */
  userId?: string;
  /** An explicit resend by the organizer: each e-mail is a new message, numbered (`….resend-2`). */
  resend?: boolean;
  /**
   * Where the EMAIL_QUEUED lines go when the caller writes the log itself (in one statement with the
   * order); by default they are written in `tx`.
   */
  logQueued?: (details: Record<string, unknown>) => void;
}

/**
 * Queues one e-mail of the order with a key saying what it is (`order-confirmation.{orderId}`…), so a copy
 * sent again after a crash has the same Message-ID; a resend is `{key}.resend-{n}`, counted from the
 * order's log (the order row is locked by the resending caller). Logs EMAIL_QUEUED: the SMTP server's
 * answer logs EMAIL_SENT, giving up EMAIL_FAILED (`recordOrderEmailOutcome`).
 */
async function queueOrderEmail(
  ctx: OrderEmailContext,
  kind: OrderEmailKind,
  baseKey: string,
  message: MailMessage,
) {
  const { order, tx } = ctx;
  const key = ctx.resend
    ? `${baseKey}.resend-${(await countResends(tx, order.account_id, order.id, baseKey)) + 1}`
    : baseKey;
  await enqueueEmail(ctx.jobs, message, tx, {
    key,
    kind,
    accountId: order.account_id,
    eventId: order.event_id,
    orderId: order.id,
  });
  const details = { to: message.to, email: kind, key };
  if (ctx.logQueued) ctx.logQueued(details);
  else await logActivity(tx, order, 'EMAIL_QUEUED', { userId: ctx.userId, details });
}

/**
 * The event as the e-mails of an order for one of its dates describe it: that date's time, and its venue
 * when it has its own. An order of a single-date event (no date) costs no query.
 */
async function onOrderDate(ctx: OrderEmailContext): Promise<OrderEmailContext> {
  const dateId = ctx.order.event_date_id;
  if (!dateId || ctx.event.date_id === dateId) return ctx;
  const date = refOf(await loadDateRefs(ctx.tx, [dateId]), dateId);
  if (!date) return ctx;
  const event: EmailEvent = {
    ...ctx.event,
    date_id: dateId,
    start_date: new Date(date.starts_at),
    end_date: date.ends_at ? new Date(date.ends_at) : null,
    location: date.location ?? ctx.event.location,
  };
  return { ...ctx, event };
}

const localeOf = (order: OrderRow): Locale => (isLocale(order.locale) ? order.locale : DEFAULT_LOCALE);

const placeOf = (l: EventLocation) =>
  [l.venue_name, l.address_line_1, l.city].filter(Boolean).join(', ') || l.online_url;

function eventLines(locale: Locale, event: EmailEvent): string[] {
  const date = eventDateLine(locale, event.start_date, event.end_date, event.timezone);
  const place = placeOf(event.location);
  return [
    t(locale, m['orders.email_event_when'], { date }),
    ...(place ? [t(locale, m['orders.email_event_where'], { place })] : []),
  ];
}

const orderUrl = (ctx: OrderEmailContext) =>
  `${ctx.appUrl}/checkout/${ctx.event.id}/${ctx.order.short_id}/summary`;

const viewOrderButton = (ctx: OrderEmailContext, locale: Locale) => ({
  label: t(locale, m['orders.email_view_order']),
  url: orderUrl(ctx),
});

/**
 * The organizer's subject, opening text and footer for this e-mail (email-templates), placeholders filled;
 * null where the built-in text stays. The QR codes, order lines, links and legal footer are not among them.
 */
function organizerTexts(
  ctx: OrderEmailContext,
  kind: EmailTemplateKind,
  locale: Locale,
  extra: Record<string, string> = {},
) {
  const { order, event } = ctx;
  return customTexts(event.email_templates, kind, locale, {
    buyer_name: `${order.first_name ?? ''} ${order.last_name ?? ''}`.trim(),
    event_name: event.name,
    event_date: eventDateLine(locale, event.start_date, event.end_date, event.timezone),
    organizer_name: event.organizer_name,
    order_id: order.short_id,
    order_link: orderUrl(ctx),
    ...extra,
  });
}

/** Queues an e-mail to the buyer in the order's language, inside the order's transaction. */
function sendToBuyer(
  ctx: OrderEmailContext,
  kind: OrderEmailKind,
  baseKey: string,
  subject: string,
  content: Pick<MailMessage, 'html' | 'text' | 'attachments' | 'attachmentRefs'>,
) {
  const { order, event } = ctx;
  const to = order.email ?? '';
  return queueOrderEmail(ctx, kind, baseKey, { to, subject, replyTo: replyToOf(event), ...content });
}

const TWO_HOURS = 2 * 3600 * 1000;
const ticketUrl = (ctx: OrderEmailContext, attendee: EmailAttendee) =>
  `${ctx.appUrl}/ticket/${ctx.event.id}/${attendee.short_id}`;

/**
 * What the door needs with no signal: each ticket's QR code as an image inside the e-mail (attached,
 * `cid:`, not fetched from a server), and the event as an .ics file for the calendar.
 */
function ticketAttachments(ctx: OrderEmailContext, tickets: { attendee: EmailAttendee; name: string }[]) {
  const { event } = ctx;
  const attachments: MailAttachment[] = [];
  const images = [];
  for (const { attendee, name } of tickets) {
    const cid = `qr-${attendee.short_id}@taquilla`;
    attachments.push({
      filename: `${attendee.short_id}.png`,
      content: qrPngBase64(attendee.qr_secret),
      contentType: 'image/png',
      encoding: 'base64',
      cid,
    });
    images.push({
      cid,
      alt: `QR ${attendee.short_id}`,
      caption: `${attendee.first_name} ${attendee.last_name} · ${name}`,
    });
  }
  const [first] = tickets;
  attachments.push({
    filename: 'evento.ics',
    contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    content: renderIcs({
      uid: `${first?.attendee.short_id ?? ctx.order.short_id}@taquilla`,
      title: event.name,
      start: event.start_date,
      end: event.end_date ?? new Date(event.start_date.getTime() + TWO_HOURS),
      location: placeOf(event.location),
      url: first ? ticketUrl(ctx, first.attendee) : undefined,
    }),
  });
  return { attachments, images };
}

/** The platform's footer line every e-mail about an event keeps: who sends it, for whom. */
export const platformFooter = (locale: Locale, event: Pick<EmailEvent, 'organizer_name'>) =>
  t(locale, m['orders.email_footer'], { organizer: event.organizer_name });

/** Order confirmation to the buyer, and a ticket e-mail to each attendee with a different address. */
export async function queueCompletedOrderEmails(
  given: OrderEmailContext,
  items: OrderItemRow[],
  attendees: EmailAttendee[],
): Promise<void> {
  const ctx = await onOrderDate(given);
  const { order, event } = ctx;
  if (!order.email) return;
  const locale = localeOf(order);
  const money = (cents: number) => formatMoney(cents, order.currency, locale);
  const itemById = new Map(items.map((i) => [i.id, i]));
  const ticketName = (a: EmailAttendee) => itemById.get(a.order_item_id)?.ticket_name ?? '';
  const own = attendees.filter((a) => a.email.toLowerCase() === order.email?.toLowerCase());
  const { attachments, images } = ticketAttachments(
    ctx,
    own.map((attendee) => ({ attendee, name: ticketName(attendee) })),
  );
  const custom = organizerTexts(ctx, 'CONFIRMATION', locale);
  const content = renderEmail({
    lang: locale,
    heading: t(locale, m['orders.email_confirmation_heading']),
    paragraphs: [
      custom.intro ??
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
    images,
    button: viewOrderButton(ctx, locale),
    organizerFooter: custom.footer,
    footer: platformFooter(locale, event),
  });
  await sendToBuyer(
    ctx,
    'CONFIRMATION',
    `order-confirmation.${order.id}`,
    custom.subject ?? t(locale, m['orders.email_confirmation_subject'], { event: event.name }),
    {
      ...content,
      attachments,
      attachmentRefs: [
        ticketsRef(TICKET_DOCUMENTS.ORDER_TICKETS, order.id, order),
        documentRef(ORDER_DOCUMENTS.INVOICE, order.id, order),
      ],
    },
  );

  for (const attendee of attendees) {
    if (own.includes(attendee)) continue;
    await queueTicketEmail(ctx, attendee, ticketName(attendee));
  }
}

/**
 * One attendee's ticket e-mail, in the order's language: at checkout it says who bought it for them;
 * `again` (the organizer resends it) just hands the ticket over.
 */
export async function queueTicketEmail(
  given: OrderEmailContext,
  attendee: EmailAttendee,
  ticketName: string,
  again = false,
) {
  const ctx = await onOrderDate(given);
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
  const { attachments, images } = ticketAttachments(ctx, [{ attendee, name: ticketName }]);
  const custom = organizerTexts(ctx, 'TICKET', locale, {
    attendee_name: `${attendee.first_name} ${attendee.last_name}`.trim(),
    ticket_link: ticketUrl(ctx, attendee),
  });
  const content = renderEmail({
    lang: locale,
    heading: t(locale, m['orders.email_ticket_heading']),
    paragraphs: [
      custom.intro ?? intro,
      ...eventLines(locale, event),
      t(locale, m['orders.email_ticket_hint']),
    ],
    images,
    button: { label: t(locale, m['orders.email_view_ticket']), url: ticketUrl(ctx, attendee) },
    organizerFooter: custom.footer,
    footer: platformFooter(locale, event),
  });
  return queueOrderEmail(ctx, 'TICKET', `order-ticket.${order.id}.${attendee.id}`, {
    to: attendee.email,
    subject: custom.subject ?? t(locale, m['orders.email_ticket_subject'], { event: event.name }),
    replyTo: replyToOf(event),
    ...content,
    attachments,
    attachmentRefs: [ticketsRef(TICKET_DOCUMENTS.ATTENDEE_TICKET, attendee.id, order)],
  });
}

/** To the buyer of an offline order: what to pay and how. */
export async function queueOfflinePaymentEmail(given: OrderEmailContext): Promise<void> {
  const ctx = await onOrderDate(given);
  const { order, event } = ctx;
  if (!order.email) return;
  const locale = localeOf(order);
  const instructions = String(event.settings.offline_payment_instructions ?? '').trim();
  const amount = formatMoney(order.total_cents, order.currency, locale);
  const custom = organizerTexts(ctx, 'OFFLINE_INSTRUCTIONS', locale);
  const content = renderEmail({
    lang: locale,
    heading: t(locale, m['orders.email_offline_heading']),
    paragraphs: [
      ...(custom.intro
        ? [custom.intro, t(locale, m['orders.email_offline_amount'], { amount })]
        : [
            t(locale, m['orders.email_offline_intro'], {
              name: order.first_name ?? '',
              order: order.short_id,
              event: event.name,
              amount,
            }),
          ]),
      ...(instructions ? [t(locale, m['orders.email_offline_instructions'], { instructions })] : []),
      ...eventLines(locale, event),
    ],
    button: viewOrderButton(ctx, locale),
    organizerFooter: custom.footer,
    footer: platformFooter(locale, event),
  });
  await sendToBuyer(
    ctx,
    'OFFLINE_INSTRUCTIONS',
    `order-offline.${order.id}`,
    custom.subject ?? t(locale, m['orders.email_offline_subject'], { event: event.name }),
    content,
  );
}

/**
 * To the buyer whose payment went back without anyone asking: it came after the reservation expired and
 * the tickets were gone (`late`), or the order had been paid already (`duplicate`).
 */
export async function queueRefundEmail(
  given: OrderEmailContext,
  refund: { id: string; amountCents: number },
  why: 'late' | 'duplicate',
): Promise<void> {
  const ctx = await onOrderDate(given);
  const amountCents = refund.amountCents;
  const { order, event } = ctx;
  if (!order.email) return;
  const locale = localeOf(order);
  const intro = why === 'late' ? m['orders.email_refund_intro'] : m['orders.email_duplicate_refund_intro'];
  // The why and the amount are the platform's to say: the organizer's opening text comes before them.
  const custom = organizerTexts(ctx, 'REFUND', locale);
  const content = renderEmail({
    lang: locale,
    heading: t(locale, m['orders.email_refund_heading']),
    paragraphs: [
      ...(custom.intro ? [custom.intro] : []),
      t(locale, intro, {
        name: order.first_name ?? '',
        order: order.short_id,
        amount: formatMoney(amountCents, order.currency, locale),
      }),
    ],
    organizerFooter: custom.footer,
    footer: platformFooter(locale, event),
  });
  await sendToBuyer(
    ctx,
    'REFUND',
    `order-refund.${refund.id}`,
    custom.subject ?? t(locale, m['orders.email_refund_subject'], { event: event.name }),
    content,
  );
}

/** The e-mails of what an organizer does after the sale (cancel, refund), in the order's language. */
function queueNotice(
  ctx: OrderEmailContext,
  email: { kind: OrderEmailKind; key: string; template: EmailTemplateKind },
  keys: { subject: string; heading: string; intro: string },
  params: Record<string, string>,
  /** What the platform must say whatever the organizer wrote (what happens to the money). */
  fixed: string[] = [],
  attachmentRefs?: AttachmentRef[],
) {
  const { order, event } = ctx;
  if (!order.email) return;
  const locale = localeOf(order);
  const all = { name: order.first_name ?? '', order: order.short_id, event: event.name, ...params };
  const custom = organizerTexts(ctx, email.template, locale);
  const content = renderEmail({
    lang: locale,
    heading: t(locale, keys.heading),
    paragraphs: [custom.intro ?? t(locale, keys.intro, all), ...fixed],
    organizerFooter: custom.footer,
    footer: platformFooter(locale, event),
  });
  // Like the order's other e-mails: in its language, and a reply reaches the organizer.
  return queueOrderEmail(ctx, email.kind, email.key, {
    to: order.email,
    subject: custom.subject ?? t(locale, keys.subject, all),
    replyTo: replyToOf(event),
    ...content,
    attachmentRefs,
  });
}

/** What the buyer paid for the order and what is being or was given back (failed refunds gave nothing). */
export interface OrderMoney {
  paidCents: number;
  refundedCents: number;
}

/**
 * What happens to the money of a cancelled order: paid and refunded, how much and when it arrives;
 * paid and not refunded, that nothing comes back by itself and the organizer will be in touch; unpaid,
 * that there is nothing to pay.
 */
function cancelledMoneyLine(order: OrderRow, money: OrderMoney): string {
  const locale = localeOf(order);
  if (money.paidCents <= 0) return t(locale, m['orders.email_cancelled_nothing_to_pay']);
  if (money.refundedCents <= 0) return t(locale, m['orders.email_cancelled_not_refunded']);
  return t(locale, m['orders.email_cancelled_refunded'], {
    amount: formatMoney(money.refundedCents, order.currency, locale),
  });
}

export async function queueCancelledEmail(given: OrderEmailContext, money: OrderMoney) {
  const ctx = await onOrderDate(given);
  await queueNotice(
    ctx,
    { kind: 'CANCELLED', key: `order-cancelled.${ctx.order.id}`, template: 'CANCELLED' },
    {
      subject: m['orders.email_cancelled_subject'],
      heading: m['orders.email_cancelled_heading'],
      intro: m['orders.email_cancelled_intro'],
    },
    {},
    [cancelledMoneyLine(ctx.order, money)],
    [documentRef(ORDER_DOCUMENTS.CANCELLATION_CREDIT_NOTE, ctx.order.id, ctx.order)],
  );
}

export async function queueRefundedEmail(
  given: OrderEmailContext,
  refund: { id: string; amountCents: number },
) {
  const ctx = await onOrderDate(given);
  const locale = localeOf(ctx.order);
  const amount = formatMoney(refund.amountCents, ctx.order.currency, locale);
  await queueNotice(
    ctx,
    { kind: 'REFUNDED', key: `order-refund.${refund.id}`, template: 'REFUND' },
    {
      subject: m['orders.email_refunded_subject'],
      heading: m['orders.email_refunded_heading'],
      intro: m['orders.email_refunded_intro'],
    },
    { amount },
    [
      // An opening text of the organizer's does not say how much: the platform does.
      ...(organizerTexts(ctx, 'REFUND', locale).intro
        ? [t(locale, m['orders.email_refunded_amount'], { amount })]
        : []),
      // A refund that cancelled the order is its only e-mail: it says the tickets are gone too.
      ...(ctx.order.status === 'CANCELLED' ? [t(locale, m['orders.email_refunded_order_cancelled'])] : []),
    ],
    [documentRef(ORDER_DOCUMENTS.REFUND_CREDIT_NOTE, refund.id, ctx.order)],
  );
}

/**
 * To the buyer of an order moved to another date (its date was cancelled): the old date, the new one,
 * that the tickets stay valid, and the new date for the calendar. `ctx.order` is already on the new date.
 */
export async function queueDateChangedEmail(given: OrderEmailContext, fromDateId: string) {
  const ctx = await onOrderDate(given);
  const { order, event } = ctx;
  if (!order.email) return;
  const locale = localeOf(order);
  const old = refOf(await loadDateRefs(ctx.tx, [fromDateId]), fromDateId);
  const from = old
    ? eventDateLine(
        locale,
        new Date(old.starts_at),
        old.ends_at ? new Date(old.ends_at) : null,
        event.timezone,
      )
    : '';
  const content = renderEmail({
    lang: locale,
    heading: t(locale, m['orders.email_date_changed_heading']),
    paragraphs: [
      t(locale, m['orders.email_date_changed_intro'], {
        name: order.first_name ?? '',
        event: event.name,
        order: order.short_id,
        from,
      }),
      ...eventLines(locale, event),
    ],
    button: viewOrderButton(ctx, locale),
    footer: platformFooter(locale, event),
  });
  await sendToBuyer(
    ctx,
    'DATE_CHANGED',
    `order-date-changed.${order.id}.${event.date_id ?? ''}`,
    t(locale, m['orders.email_date_changed_subject'], { event: event.name }),
    {
      ...content,
      attachments: [
        {
          filename: 'evento.ics',
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: renderIcs({
            uid: `${order.short_id}@taquilla`,
            title: event.name,
            start: event.start_date,
            end: event.end_date ?? new Date(event.start_date.getTime() + TWO_HOURS),
            location: placeOf(event.location),
            url: orderUrl(ctx),
          }),
        },
      ],
      attachmentRefs: [ticketsRef(TICKET_DOCUMENTS.ORDER_TICKETS, order.id, order)],
    },
  );
}
