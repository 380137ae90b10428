import { DEFAULT_LOCALE, type Locale } from '@taquilla/shared';
import { dateFormat, formatTime } from '@taquilla/shared/dates';
import type {
  HolderEditInput,
  TicketChangeActions,
  TicketChangeSettings,
  TicketTransferInput,
} from '@taquilla/shared/schemas/ticket-changes';
import type { AppDeps } from '../../deps.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { isLocale, t } from '../../lib/i18n.ts';
import { hashToken, newShortId, randomBase62 } from '../../lib/ids.ts';
import { enqueueEmail } from '../../lib/mailer.ts';
import { resolveSettings } from '../events/events.settings.ts';
import { SOLD_ORDERS } from '../order-lifecycle/order-lifecycle.ts';
import { logActivity } from '../orders/activity.ts';
import { emailEventOf, platformFooter, replyToOf } from '../orders/orders.service.ts';
import { ticketChangesMessages as m } from './ticket-changes.messages.ts';
import * as repo from './ticket-changes.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;
type Ticket = repo.TicketRow;

const HOUR = 3600_000;

function rulesOf(ticket: Ticket): TicketChangeSettings {
  return resolveSettings({ settings: ticket.event.settings, order_timeout_minutes: 0 });
}

const deadline = (ticket: Ticket, hours: number) =>
  new Date(ticket.event.start_date.getTime() - hours * HOUR);

/** The deadline as the error shows it: day and time in the event's time zone, in the request's language. */
function when(date: Date, timezone: string, locale: Locale) {
  return {
    date: dateFormat(locale, timezone, { day: 'numeric', month: 'long', year: 'numeric' }).format(date),
    time: formatTime(date, timezone, locale),
  };
}

/** A ticket its holder may see and change: its order holds it and it is not cancelled. */
async function loadTicket(deps: Deps, eventId: string, shortId: string, lock = false, q = deps.db) {
  const row = await repo.findTicket(q, eventId, shortId, lock);
  if (!row || !SOLD_ORDERS.includes(row.order.status) || row.attendee.status === 'CANCELLED') {
    throw notFound();
  }
  return row;
}

/** Why the holder may not pass this ticket on now (checked again under the lock), or null. */
function transferRefusal(ticket: Ticket, now: Date, locale: Locale, checkedIn: boolean): AppError | null {
  const rules = rulesOf(ticket);
  if (!rules.transfers_allowed)
    return new AppError(403, 'TRANSFERS_NOT_ALLOWED', m['ticket_changes.transfers_off']);
  const until = deadline(ticket, rules.transfers_until_hours);
  if (now >= until) {
    return conflict(
      m['ticket_changes.transfer_deadline'],
      when(until, ticket.event.timezone, locale),
      'DEADLINE_PASSED',
    );
  }
  if (ticket.attendee.status !== 'ACTIVE') return conflict(m['ticket_changes.not_active']);
  if (ticket.attendee.transfer_count >= rules.max_transfers_per_ticket) {
    return conflict(
      m['ticket_changes.transfer_limit'],
      { count: ticket.attendee.transfer_count },
      'TRANSFER_LIMIT',
    );
  }
  if (checkedIn) return conflict(m['ticket_changes.checked_in'], undefined, 'CHECKED_IN');
  return null;
}

function editRefusal(ticket: Ticket, now: Date, locale: Locale): AppError | null {
  const rules = rulesOf(ticket);
  if (!rules.attendee_edits_allowed)
    return new AppError(403, 'EDITS_NOT_ALLOWED', m['ticket_changes.edits_off']);
  const until = deadline(ticket, rules.attendee_edits_until_hours);
  if (now >= until) {
    return conflict(
      m['ticket_changes.edit_deadline'],
      when(until, ticket.event.timezone, locale),
      'DEADLINE_PASSED',
    );
  }
  return null;
}

/** What the ticket page offers its holder now (the server decides; the page only renders it). */
export async function ticketActions(
  deps: Deps,
  eventId: string,
  shortId: string,
  locale: Locale,
): Promise<TicketChangeActions> {
  const ticket = await loadTicket(deps, eventId, shortId);
  const rules = rulesOf(ticket);
  const now = new Date();
  const checkedIn = await repo.isCheckedIn(deps.db, ticket.order.account_id, ticket.attendee.id);
  const refusal = transferRefusal(ticket, now, locale, checkedIn);
  return {
    can_edit: rules.attendee_edits_allowed && editRefusal(ticket, now, locale) === null,
    edit_until: rules.attendee_edits_allowed
      ? deadline(ticket, rules.attendee_edits_until_hours).toISOString()
      : null,
    can_transfer: refusal === null,
    transfer_until: rules.transfers_allowed
      ? deadline(ticket, rules.transfers_until_hours).toISOString()
      : null,
    transfer_blocked_reason:
      rules.transfers_allowed && refusal ? t(locale, refusal.message, refusal.opts.params ?? {}) : null,
  };
}

const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();

/** The holder fixes the name on the ticket, within the event's window; the order's log records it. */
export async function editHolder(
  deps: Deps,
  eventId: string,
  shortId: string,
  input: HolderEditInput,
  locale: Locale,
) {
  await deps.db.transaction(async (tx) => {
    const ticket = await loadTicket(deps, eventId, shortId, true, tx);
    const refused = editRefusal(ticket, new Date(), locale);
    if (refused) throw refused;
    const before = fullName(ticket.attendee);
    await repo.updateHolder(tx, ticket.order.account_id, ticket.attendee.id, input);
    await logActivity(tx, ticket.order, 'HOLDER_EDITED', {
      details: { attendee: `${before} → ${fullName(input)}`, short_id: ticket.attendee.short_id },
    });
  });
}

/**
 * Passes the ticket to another person, in one transaction under the attendee's row lock: new holder, new
 * short id and QR secret (the old ones answer TRANSFERRED at the door and reach door devices as revoked),
 * the transfer and its log line, and an e-mail to each person in their language.
 */
export async function transferTicket(
  deps: Deps,
  eventId: string,
  shortId: string,
  input: TicketTransferInput,
  locale: Locale,
) {
  return deps.db.transaction(async (tx) => {
    const ticket = await loadTicket(deps, eventId, shortId, true, tx);
    const { attendee, order } = ticket;
    const checkedIn = await repo.isCheckedIn(tx, order.account_id, attendee.id);
    const refused = transferRefusal(ticket, new Date(), locale, checkedIn);
    if (refused) throw refused;
    if (input.email === attendee.email.toLowerCase() && fullName(input) === fullName(attendee)) {
      throw conflict(m['ticket_changes.same_holder']);
    }
    const next = { short_id: newShortId('a'), qr_secret: randomBase62(32) };
    await repo.updateHolder(tx, order.account_id, attendee.id, {
      first_name: input.first_name,
      last_name: input.last_name,
      email: input.email,
      ...next,
      transferred: true,
    });
    const transferId = await repo.insertTransfer(tx, {
      account_id: order.account_id,
      event_id: eventId,
      order_id: order.id,
      attendee_id: attendee.id,
      old_short_id: attendee.short_id,
      old_qr_hash: hashToken(attendee.qr_secret),
      from_name: fullName(attendee),
      from_email: attendee.email,
      to_name: fullName(input),
      to_email: input.email,
    });
    await logActivity(tx, order, 'TICKET_TRANSFERRED', {
      details: {
        attendee: `${fullName(attendee)} → ${fullName(input)}`,
        from_email: attendee.email,
        to_email: input.email,
      },
    });
    const event = await emailEventOf(tx, order.account_id, eventId);
    if (event) {
      const from = fullName(attendee);
      const common = { replyTo: replyToOf(event) };
      const refs = { accountId: order.account_id, eventId, orderId: order.id, kind: 'TRANSFER' };
      const toLocale = input.locale ?? locale;
      const fromLocale: Locale = isLocale(order.locale) ? order.locale : DEFAULT_LOCALE;
      const vars = { event: event.name, ticket: ticket.ticket_name };
      await enqueueEmail(
        deps.jobs,
        {
          to: input.email,
          subject: t(toLocale, m['ticket_changes.email_to_subject'], { ...vars, from }),
          ...common,
          ...renderEmail({
            lang: toLocale,
            heading: t(toLocale, m['ticket_changes.email_to_heading']),
            paragraphs: [
              t(toLocale, m['ticket_changes.email_to_intro'], { ...vars, from, name: input.first_name }),
            ],
            button: {
              label: t(toLocale, m['ticket_changes.email_to_button']),
              url: `${deps.config.appUrl}/ticket/${eventId}/${next.short_id}?lang=${toLocale}`,
            },
            footer: platformFooter(toLocale, event),
          }),
        },
        tx,
        { ...refs, key: `ticket-transfer.${transferId}.to` },
      );
      await enqueueEmail(
        deps.jobs,
        {
          to: attendee.email,
          subject: t(fromLocale, m['ticket_changes.email_from_subject'], vars),
          ...common,
          ...renderEmail({
            lang: fromLocale,
            heading: t(fromLocale, m['ticket_changes.email_from_heading']),
            paragraphs: [
              t(fromLocale, m['ticket_changes.email_from_intro'], {
                ...vars,
                name: attendee.first_name,
                to: fullName(input),
              }),
            ],
            footer: platformFooter(fromLocale, event),
          }),
        },
        tx,
        { ...refs, key: `ticket-transfer.${transferId}.from` },
      );
    }
    return { short_id: next.short_id, event_id: eventId };
  });
}
