/** The waiting room: the organizer's settings and live figures, the visitor's place in line (zod, both ends). */
import { z } from 'zod';

/** Stripe's default limit on PaymentIntents an account may create per second (live mode). */
export const PAYMENT_PROVIDER_RATE_PER_SECOND = 25;
/** Admitted buyers are asked to use their turn within this many minutes, or it lapses. */
export const WAITING_ROOM_TURN_MINUTES = 5;
export const WAITING_ROOM_RATE_MAX = 60_000;

/**
 * The suggested admission rate (buyers per minute): the payment provider's limit (25 PaymentIntents/s =
 * 1,500 a minute), with half of it kept as headroom for retries and other events of the account, spread
 * over the event's order timeout: an admitted buyer may pay at any moment of their reservation, so the
 * buyers admitted over one timeout may all pay in the last minute of it.
 */
export function suggestedRatePerMinute(orderTimeoutMinutes: number): number {
  const paymentsPerMinute = PAYMENT_PROVIDER_RATE_PER_SECOND * 60;
  return Math.max(1, Math.floor(paymentsPerMinute / 2 / Math.max(1, orderTimeoutMinutes)));
}

export const waitingRoomSettingsInput = z.strictObject({
  enabled: z.boolean(),
  opens_at: z.iso.datetime({ offset: true, error: 'waiting_room.opens_at_invalid' }),
  rate_per_minute: z
    .number({ error: 'waiting_room.rate_invalid' })
    .int({ error: 'waiting_room.rate_invalid' })
    .min(1, { error: 'waiting_room.rate_invalid' })
    .max(WAITING_ROOM_RATE_MAX, { error: 'waiting_room.rate_invalid' }),
  paused: z.boolean(),
});
export type WaitingRoomSettingsInput = z.infer<typeof waitingRoomSettingsInput>;

export const WAITING_ROOM_STATES = ['OFF', 'SCHEDULED', 'OPEN', 'PAUSED', 'CLOSED'] as const;
export type WaitingRoomState = (typeof WAITING_ROOM_STATES)[number];

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const waitingRoomSchema = z
  .object({
    /** The date whose room this is (#27); null: the event's room (every date). */
    event_date_id: z.string().nullable(),
    enabled: z.boolean(),
    opens_at: z.string().nullable(),
    rate_per_minute: z.number(),
    paused: z.boolean(),
    state: z.enum(WAITING_ROOM_STATES),
    opened_at: z.string().nullable(),
    closed_at: z.string().nullable(),
    suggested_rate_per_minute: z.number(),
    order_timeout_minutes: z.number(),
    turn_minutes: z.number(),
    /** Live figures: in line, admitted with a turn still open, reserving now, units sold. */
    stats: z.object({
      waiting: z.number(),
      admitted: z.number(),
      buying: z.number(),
      sold: z.number(),
      /** Minutes until the last one in line is admitted at the current rate. */
      drain_minutes: z.number().nullable(),
    }),
    queue_url: z.string(),
  })
  .meta({ id: 'WaitingRoom' });
export type WaitingRoom = z.infer<typeof waitingRoomSchema>;

export const VISITOR_STATES = [
  'PRE_QUEUE',
  'WAITING',
  'ADMITTED',
  'EXPIRED',
  'USED',
  'CLOSED',
  'OFF',
] as const;
export type VisitorState = (typeof VISITOR_STATES)[number];

export const waitingRoomVisitorSchema = z
  .object({
    state: z.enum(VISITOR_STATES),
    /** 1 = next; null before opening (places are drawn then) or once admitted. */
    position: z.number().nullable(),
    ahead: z.number().nullable(),
    /** Everyone in the pre-queue (before opening) or in line. */
    in_line: z.number(),
    opens_at: z.string().nullable(),
    /** Seconds until this visitor's turn at the current rate (until opening, before it). */
    estimate_seconds: z.number().nullable(),
    /** The device token, for a page that cannot keep cookies (it sends it back as `x-waiting-room-token`). */
    token: z.string(),
    /** Once admitted: the pass the reservation needs (`x-admission-pass`), and when the turn lapses. */
    pass: z.string().nullable(),
    pass_expires_at: z.string().nullable(),
    /** Sold out and closed: whether the event's waiting list takes sign-ups. */
    waitlist_enabled: z.boolean(),
    /** Seconds before asking again. */
    poll_seconds: z.number(),
  })
  .meta({ id: 'WaitingRoomVisitor' });
export type WaitingRoomVisitor = z.infer<typeof waitingRoomVisitorSchema>;
