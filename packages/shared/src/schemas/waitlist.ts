/** The waiting list: the public sign-up, the organizer's settings and list (zod, both ends). */
import { z } from 'zod';

export const WAITLIST_STATES = ['WAITING', 'OFFERED', 'PURCHASED', 'EXPIRED', 'LEFT'] as const;
export type WaitlistState = (typeof WAITLIST_STATES)[number];

export const joinWaitlistInput = z.strictObject({
  ticket_id: z.uuid(),
  /** The tier; omitted = the ticket's first visible tier. */
  price_id: z.uuid().optional(),
  first_name: z.string().trim().min(1, { error: 'waitlist.name_required' }).max(100),
  last_name: z.string().trim().max(100).optional(),
  email: z.email({ error: 'waitlist.email_invalid' }).max(254),
  quantity: z.number().int().min(1).max(10_000),
  locale: z.enum(['es', 'en']).optional(),
  /** The buyer accepted the consent text. */
  consent: z.literal(true, { error: 'waitlist.consent_required' }),
});
export type JoinWaitlistInput = z.infer<typeof joinWaitlistInput>;

export const leaveWaitlistInput = z.strictObject({ token: z.string().min(20).max(100) });

export const waitlistSettingsInput = z.strictObject({
  /** How long an offer holds its units, in minutes (default 24 h). */
  offer_minutes: z
    .number()
    .int()
    .min(15)
    .max(14 * 24 * 60),
  /** Off: the organizer sends offers by hand from the list. */
  auto_offer: z.boolean(),
});
export type WaitlistSettings = z.infer<typeof waitlistSettingsInput>;

export interface WaitlistEntry {
  id: string;
  ticket_id: string;
  ticket_name: string;
  price_id: string;
  price_label: string | null;
  first_name: string;
  last_name: string;
  email: string;
  quantity: number;
  locale: string;
  state: WaitlistState;
  /** Place among the ticket's waiting entries (1 = next); null unless WAITING. */
  position: number | null;
  order_short_id: string | null;
  offered_at: string | null;
  offer_expires_at: string | null;
  created_at: string;
}
