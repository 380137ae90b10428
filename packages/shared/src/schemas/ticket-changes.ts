/** What a ticket's holder may change after buying (name, answers), passing it on, and "find my tickets". */
import { z } from 'zod';
import { SUPPORTED_LOCALES } from '../enums.ts';
import { answeredQuestionSchema, answers } from './orders.ts';

/** Most hours before the start a deadline may be set at: a year. */
export const MAX_CHANGE_HOURS = 8760;
export const MAX_TRANSFERS_PER_TICKET = 20;

const hours = z
  .number({ error: 'ticket_changes.hours_invalid' })
  .int({ error: 'ticket_changes.hours_invalid' })
  .min(0, { error: 'ticket_changes.hours_invalid' })
  .max(MAX_CHANGE_HOURS, { error: 'ticket_changes.hours_invalid' });

/** Part of the event settings: whether buyers may fix names and answers, and pass tickets on, until when. */
export const ticketChangeSettingsSchema = z.strictObject({
  attendee_edits_allowed: z.boolean(),
  attendee_edits_until_hours: hours,
  transfers_allowed: z.boolean(),
  transfers_until_hours: hours,
  max_transfers_per_ticket: z
    .number({ error: 'ticket_changes.max_transfers_invalid' })
    .int({ error: 'ticket_changes.max_transfers_invalid' })
    .min(1, { error: 'ticket_changes.max_transfers_invalid' })
    .max(MAX_TRANSFERS_PER_TICKET, { error: 'ticket_changes.max_transfers_invalid' }),
});
export type TicketChangeSettings = z.infer<typeof ticketChangeSettingsSchema>;

const name = z
  .string()
  .trim()
  .min(1, { error: 'ticket_changes.name_length' })
  .max(50, { error: 'ticket_changes.name_length' });
const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(
    z.email({ error: 'ticket_changes.email_invalid' }).max(254, { error: 'ticket_changes.email_invalid' }),
  );

/**
 * PUT /public/events/{eventId}/attendees/{shortId}/holder: the holder fixes the name on the ticket and the
 * answers to the event's questions (`answers`: the ticket's; `order_answers`: the order's, only on the
 * buyer's own ticket). Each given set replaces the answers to the questions the page asks; the server
 * checks them as checkout does.
 */
export const holderEditInput = z.strictObject({
  first_name: name,
  last_name: name,
  answers: answers.optional(),
  order_answers: answers.optional(),
});
export type HolderEditInput = z.infer<typeof holderEditInput>;

/** POST /public/events/{eventId}/attendees/{shortId}/transfer: the ticket goes to someone else. */
export const ticketTransferInput = z.strictObject({
  first_name: name,
  last_name: name,
  email,
  /** The language of the new holder's e-mail (default: the request's). */
  locale: z.enum(SUPPORTED_LOCALES).optional(),
});
export type TicketTransferInput = z.infer<typeof ticketTransferInput>;

/** POST /public/events/{eventId}/find-tickets: e-mail me a link to my tickets with this organizer. */
export const findTicketsInput = z.strictObject({ email });
export type FindTicketsInput = z.infer<typeof findTicketsInput>;

/** What the ticket page may offer its holder now; each with the deadline, or why not. */
export const ticketChangeActionsSchema = z
  .object({
    can_edit: z.boolean(),
    edit_until: z.string().nullable(),
    can_transfer: z.boolean(),
    transfer_until: z.string().nullable(),
    /** Why the holder cannot pass the ticket on now (translated), when transfers are allowed at all. */
    transfer_blocked_reason: z.string().nullable(),
    /**
     * While the holder may edit: the questions they may answer again (the ticket's, and the order's on the
     * buyer's own ticket) with the current answers; empty otherwise.
     */
    questions: z.array(answeredQuestionSchema.extend({ value: z.unknown() })),
  })
  .meta({ id: 'TicketChangeActions' });
export type TicketChangeActions = z.infer<typeof ticketChangeActionsSchema>;

export const ticketTransferResultSchema = z
  .object({ short_id: z.string(), event_id: z.string() })
  .meta({ id: 'TicketTransferResult' });

export const foundOrderSchema = z
  .object({
    short_id: z.string(),
    event_id: z.string(),
    event_name: z.string(),
    event_start: z.string(),
    event_timezone: z.string(),
    status: z.string(),
    created_at: z.string(),
    order_url: z.string(),
    invoice_urls: z.array(z.string()),
    tickets: z.array(
      z.object({ short_id: z.string(), name: z.string(), ticket_name: z.string(), ticket_url: z.string() }),
    ),
  })
  .meta({ id: 'FoundOrder' });
export type FoundOrder = z.infer<typeof foundOrderSchema>;
