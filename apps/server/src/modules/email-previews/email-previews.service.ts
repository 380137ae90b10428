import { randomBytes, randomUUID } from 'node:crypto';
import type { EmailPreview, EmailPreviewInput } from '@taquilla/shared/schemas/email-templates';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../lib/auth.ts';
import { t } from '../../lib/i18n.ts';
import { enqueueEmail, type MailMessage } from '../../lib/mailer.ts';
import { savedTemplates, type TemplateTexts } from '../email-templates/email-templates.service.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import * as orderEmails from '../orders/order-emails.ts';
import { type EmailEvent, emailEventOf, type OrderItemRow, type OrderRow } from '../orders/orders.service.ts';
import { queueJoinedEmail, queueOfferEmail } from '../waitlist/waitlist.emails.ts';
import { emailPreviewsMessages as m } from './email-previews.messages.ts';
import * as repo from './email-previews.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;

const DAY = 24 * 3600 * 1000;

/**
 * The texts the preview is drawn with: the saved ones, the typed (unsaved) ones in place of the saved
 * ones of the same kind and language at the level being edited (the account's or the event's).
 */
function withDraft(saved: TemplateTexts[], input: EmailPreviewInput, forEvent: boolean): TemplateTexts[] {
  const same = (r: TemplateTexts) =>
    r.kind === input.kind && r.locale === input.locale && r.for_event === forEvent;
  const draft = {
    kind: input.kind,
    locale: input.locale,
    for_event: forEvent,
    subject: input.subject,
    intro: input.intro,
    footer: input.footer,
  };
  return [...saved.filter((r) => !same(r)), draft];
}

/** An event's real details, or for the account an event made up in its name, zone and currency. */
async function eventOf(deps: Deps, auth: AuthContext, eventId: string | null, input: EmailPreviewInput) {
  if (eventId) {
    const [owned, event] = await Promise.all([
      loadOwnedEvent(deps.db, auth, eventId),
      emailEventOf(deps.db, auth.accountId, eventId),
    ]);
    return { event, currency: owned.currency };
  }
  const account = await repo.accountBasics(deps.db, auth.accountId);
  const start = new Date(Math.ceil((Date.now() + 30 * DAY) / DAY) * DAY + 19 * 3600 * 1000);
  const event: EmailEvent = {
    id: randomUUID(),
    account_id: auth.accountId,
    name: t(input.locale, m['email_previews.sample_event']),
    start_date: start,
    end_date: null,
    timezone: account.timezone,
    location: { venue_name: t(input.locale, m['email_previews.sample_venue']) },
    organizer_name: account.name,
    settings: {},
    email_templates: [],
  };
  return { event, currency: account.currency };
}

/**
 * Renders the real e-mail of `input.kind` (the same builders the orders and the waiting list send with)
 * for a sample order — Ana García, two tickets — of the event or of a made-up one, nothing written: the
 * builders queue into a list here.
 */
async function render(deps: Deps, auth: AuthContext, eventId: string | null, input: EmailPreviewInput) {
  const saved = await savedTemplates(deps, auth, eventId);
  const { event: real, currency } = await eventOf(deps, auth, eventId, input);
  const event = { ...real, email_templates: withDraft(saved, input, eventId !== null) };
  const locale = input.locale;
  const ticketName = t(locale, m['email_previews.sample_ticket']);
  const order = {
    id: randomUUID(),
    account_id: auth.accountId,
    event_id: event.id,
    short_id: 'o_EJEMPLO4x7Qa2',
    first_name: 'Ana',
    last_name: 'García',
    email: 'ana.garcia@example.com',
    locale,
    currency,
    total_cents: 4000,
  } as OrderRow;
  const item = {
    id: randomUUID(),
    ticket_name: ticketName,
    price_label: null,
    quantity: 2,
    total_cents: 4000,
  } as OrderItemRow;
  const attendee = (n: number, email: string) => ({
    id: randomUUID(),
    email,
    first_name: n === 1 ? 'Ana' : 'Luis',
    last_name: n === 1 ? 'García' : 'Pérez',
    short_id: `a_EJEMPLO${n}`,
    order_item_id: item.id,
    qr_secret: randomBytes(16).toString('base64url'),
  });
  const messages: MailMessage[] = [];
  const jobs = {
    enqueue: async (_kind: string, payload: Record<string, unknown>) =>
      void messages.push(payload as unknown as MailMessage),
  };
  const ctx = { jobs, appUrl: deps.config.appUrl, tx: deps.db, event, order, logQueued: () => {} };
  const entry = { email: order.email ?? '', first_name: 'Ana', last_name: 'García', quantity: 2, locale };
  switch (input.kind) {
    case 'CONFIRMATION':
      await orderEmails.queueCompletedOrderEmails(ctx, [item], [attendee(1, order.email ?? '')]);
      break;
    case 'TICKET':
      await orderEmails.queueTicketEmail(ctx, attendee(2, 'luis.perez@example.com'), ticketName);
      break;
    case 'OFFLINE_INSTRUCTIONS':
      await orderEmails.queueOfflinePaymentEmail(ctx);
      break;
    case 'REFUND':
      await orderEmails.queueRefundedEmail(ctx, { id: randomUUID(), amountCents: order.total_cents });
      break;
    case 'CANCELLED':
      await orderEmails.queueCancelledEmail(ctx, { paidCents: 4000, refundedCents: 4000 });
      break;
    case 'WAITLIST_OFFER':
      await queueOfferEmail({ ...ctx, ticketName }, entry, order.short_id, new Date(Date.now() + DAY));
      break;
    case 'WAITLIST_JOINED':
      await queueJoinedEmail({ ...ctx, ticketName }, entry, 'ejemplo');
      break;
  }
  const [message] = messages;
  if (!message) throw new Error(`no e-mail rendered for ${input.kind}`);
  return message;
}

/** The e-mail's inline images (`cid:`) as data: URLs, so a browser frame shows the QR codes. */
function inlineImages(message: MailMessage): string {
  let html = message.html;
  for (const a of message.attachments ?? []) {
    if (a.cid && a.encoding === 'base64') {
      html = html.replaceAll(`cid:${a.cid}`, `data:${a.contentType};base64,${a.content}`);
    }
  }
  return html;
}

/** POST …/email-templates/preview: the e-mail as it would be sent with the texts typed. */
export async function previewEmail(
  deps: Deps,
  auth: AuthContext,
  eventId: string | null,
  input: EmailPreviewInput,
): Promise<EmailPreview> {
  const message = await render(deps, auth, eventId, input);
  return { subject: message.subject, html: inlineImages(message), text: message.text };
}

/** POST …/email-templates/test: the same e-mail to the caller's own address, through the e-mail queue. */
export async function sendTestEmail(
  deps: Deps,
  auth: AuthContext,
  eventId: string | null,
  input: EmailPreviewInput,
) {
  // The sample order has no invoice or credit note to attach (its documents' references are dropped).
  const { attachmentRefs: _none, ...message } = await render(deps, auth, eventId, input);
  const to = await repo.userEmail(deps.db, auth.userId);
  const subject = t(input.locale, m['email_previews.test_subject'], { subject: message.subject });
  await enqueueEmail(deps.jobs, { ...message, to, subject }, undefined, {
    accountId: auth.accountId,
    ...(eventId ? { eventId } : {}),
  });
  return { to };
}
