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
import { AppError, conflict, type FieldError, invalid, notFound } from '../../lib/errors.ts';
import { isLocale, t } from '../../lib/i18n.ts';
import { hashToken, newShortId, randomBase62 } from '../../lib/ids.ts';
import { enqueueEmail } from '../../lib/mailer.ts';
import { resolveSettings } from '../events/events.settings.ts';
import { SOLD_ORDERS } from '../order-lifecycle/order-lifecycle.ts';
import { logActivity } from '../orders/activity.ts';
import { emailEventOf, platformFooter, replyToOf } from '../orders/orders.service.ts';
import { answeredQuestion, checkAnswers } from '../questions/answers.ts';
import { loadEventQuestions } from '../questions/questions.service.ts';
import { ticketChangesMessages as m } from './ticket-changes.messages.ts';
import * as repo from './ticket-changes.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'>;
type Queryable = Deps['db'];
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

/**
 * The buyer's own ticket (never passed on, held under the order's address): its page may also change the
 * order's answers, as pretix lets the buyer do until the deadline.
 */
const buyersOwn = (ticket: Ticket) =>
  ticket.attendee.transfer_count === 0 &&
  ticket.attendee.email.toLowerCase() === (ticket.order.email ?? '').toLowerCase();

/** The questions the holder may answer again: the ticket's (as checkout asked them) and, on the buyer's own ticket, the order's. Hidden ones stay the organizer's. */
async function editableQuestions(q: Queryable, ticket: Ticket) {
  const shown = (await loadEventQuestions(q, ticket.event.id)).filter((x) => !x.is_hidden);
  return {
    ticket: shown.filter(
      (x) =>
        x.belongs_to === 'ATTENDEE' &&
        (x.ticket_ids.length === 0 || x.ticket_ids.includes(ticket.attendee.ticket_id)),
    ),
    order: buyersOwn(ticket) ? shown.filter((x) => x.belongs_to === 'ORDER') : [],
  };
}

/** The answers to the asked questions replaced by the given ones (blank ones dropped); others kept. */
function replaceAnswers(
  current: Record<string, unknown>,
  asked: { id: string }[],
  given: Record<string, unknown>,
) {
  const ids = new Set(asked.map((q) => q.id));
  const kept = Object.entries(current).filter(([id]) => !ids.has(id));
  const fresh = Object.entries(given)
    .map(([id, v]) => [id, typeof v === 'string' ? v.trim() : v] as const)
    .filter(([, v]) => v !== '' && v !== false && !(Array.isArray(v) && v.length === 0));
  return Object.fromEntries([...kept, ...fresh]);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

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
  const canEdit = rules.attendee_edits_allowed && editRefusal(ticket, now, locale) === null;
  const asked = canEdit ? await editableQuestions(deps.db, ticket) : { ticket: [], order: [] };
  return {
    can_edit: canEdit,
    edit_until: rules.attendee_edits_allowed
      ? deadline(ticket, rules.attendee_edits_until_hours).toISOString()
      : null,
    can_transfer: refusal === null,
    transfer_until: rules.transfers_allowed
      ? deadline(ticket, rules.transfers_until_hours).toISOString()
      : null,
    transfer_blocked_reason:
      rules.transfers_allowed && refusal ? t(locale, refusal.message, refusal.opts.params ?? {}) : null,
    questions: [
      ...asked.order.map((q) => ({ ...answeredQuestion(q), value: ticket.order.answers[q.id] ?? null })),
      ...asked.ticket.map((q) => ({ ...answeredQuestion(q), value: ticket.attendee.answers[q.id] ?? null })),
    ],
  };
}

const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();

/**
 * The holder fixes the name on the ticket and the answers to the event's questions (the order's too on the
 * buyer's own ticket), within the event's window, checked as checkout checks them; a bad answer changes
 * nothing. The order's log records what changed.
 */
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
    const { attendee, order } = ticket;
    const asked = await editableQuestions(tx, ticket);
    const fields: Record<string, FieldError | string> = {};
    if (input.answers) checkAnswers(asked.ticket, input.answers, 'answers', fields);
    if (input.order_answers) checkAnswers(asked.order, input.order_answers, 'order_answers', fields);
    if (Object.keys(fields).length > 0) throw invalid(fields);

    const answers = input.answers
      ? replaceAnswers(attendee.answers, asked.ticket, input.answers)
      : attendee.answers;
    const orderAnswers = input.order_answers
      ? replaceAnswers(order.answers, asked.order, input.order_answers)
      : order.answers;
    const renamed = fullName(input) !== fullName(attendee);
    const retitled = [
      ...asked.order.filter((q) => !same(orderAnswers[q.id], order.answers[q.id])),
      ...asked.ticket.filter((q) => !same(answers[q.id], attendee.answers[q.id])),
    ].map((q) => q.title);
    if (!renamed && retitled.length === 0) return;

    await repo.updateHolder(tx, order.account_id, attendee.id, {
      first_name: input.first_name,
      last_name: input.last_name,
      answers,
    });
    if (!same(orderAnswers, order.answers)) {
      await repo.updateOrderAnswers(tx, order.account_id, order.id, orderAnswers);
    }
    const who = renamed ? `${fullName(attendee)} → ${fullName(input)}` : fullName(attendee);
    await logActivity(tx, order, 'HOLDER_EDITED', {
      details: {
        attendee: retitled.length > 0 ? `${who} · ${retitled.join(', ')}` : who,
        short_id: attendee.short_id,
        fields: [
          ...(renamed ? ['name'] : []),
          ...(same(answers, attendee.answers) ? [] : ['answers']),
          ...(same(orderAnswers, order.answers) ? [] : ['order_answers']),
        ],
      },
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
