/**
 * Request bodies of the public order flow (checkout) and the shapes of the public ticket and the
 * organizer's order views. Amounts are integer minor units.
 */
import { z } from 'zod';
import type { AttendeeStatus, OrderStatus, PaymentProvider, PaymentStatus, RefundStatus } from '../enums.ts';
import type { AnsweredQuestion, OrderActivity, OrderRefund } from './orders.ts';
import type { PublicAttendee, PublicOrder, PublicOrderItem } from './public.ts';

const cents = z.number().int().min(0).max(100_000_000);

export const createOrderSchema = z.strictObject({
  tickets: z
    .array(
      z.strictObject({
        ticket_id: z.uuid(),
        price_id: z.uuid(),
        quantity: z.number().int().min(1).max(1000),
        /** DONATION tickets only: the amount the buyer chose (at least the minimum). */
        amount_cents: cents.optional(),
      }),
    )
    .min(1)
    .max(50),
  promo_code: z.string().trim().max(50).optional().nullable(),
  affiliate_code: z.string().trim().max(100).optional().nullable(),
});
export type CreateOrderInput = z.infer<typeof createOrderSchema>;

const name = z.string().trim().min(1).max(50);
const answerValue = z.union([z.string().max(5000), z.array(z.string().max(500)).max(100), z.boolean()]);
const answers = z.record(z.string(), answerValue).default({});

export const orderDetailsSchema = z.strictObject({
  first_name: name,
  last_name: name,
  email: z.email().max(254),
  email_confirmation: z.string().trim().max(254),
  answers: answers.optional(),
  /** One entry per ticket unit; omitted (or in PER_ORDER mode) the buyer's details are copied. */
  attendees: z
    .array(
      z.strictObject({
        ticket_id: z.uuid(),
        price_id: z.uuid().optional(),
        first_name: name,
        last_name: name,
        email: z.email().max(254),
        answers: answers.optional(),
      }),
    )
    .max(1000)
    .optional(),
});
export type OrderDetailsInput = z.infer<typeof orderDetailsSchema>;

export const orderPaymentSchema = z.discriminatedUnion('provider', [
  z.strictObject({ provider: z.literal('test'), card_number: z.string().trim().min(1).max(30) }),
  z.strictObject({ provider: z.literal('offline') }),
  z.strictObject({ provider: z.literal('stripe') }),
]);
export type OrderPaymentInput = z.infer<typeof orderPaymentSchema>;

/** The public order with what the payment step adds. */
export type CheckoutOrder = PublicOrder & {
  /** Present when the order awaits an offline payment: the event's instructions. */
  offline_payment_instructions?: string | null;
  /** Payment providers the buyer may choose for this order. */
  payment_providers?: PaymentProvider[];
};

export interface StripePaymentStart {
  order: CheckoutOrder;
  stripe: { client_secret: string; publishable_key: string; account_id?: string };
}

/** `GET /api/public/events/{id}/attendees/{attendeeShortId}`: one ticket. */
export interface PublicTicketView extends PublicAttendee {
  qr_svg: string;
  /** The text inside the QR code (the ticket's secret). */
  qr_code: string;
  order_short_id: string;
  order_status: OrderStatus;
  event: {
    id: string;
    name: string;
    slug: string;
    start_date: string;
    end_date: string | null;
    timezone: string;
    location: Record<string, string | undefined>;
    organizer_name: string;
  };
}

/** Organizer's list row: `GET /api/events/{id}/orders`. */
export interface OrganizerOrderSummary {
  id: string;
  short_id: string;
  status: OrderStatus;
  payment_status: PaymentStatus | null;
  refund_status: RefundStatus | null;
  payment_provider: PaymentProvider | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  currency: string;
  total_cents: number;
  item_count: number;
  promo_code: string | null;
  is_manual: boolean;
  created_at: string;
  completed_at: string | null;
}

export interface OrganizerOrderAttendee {
  id: string;
  short_id: string;
  first_name: string;
  last_name: string;
  email: string;
  ticket_id: string;
  ticket_name: string;
  price_label: string | null;
  status: AttendeeStatus;
  answers: Record<string, unknown>;
}

export interface OrganizerPayment {
  id: string;
  provider: string;
  provider_ref: string;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'REFUNDED';
  amount_cents: number;
  currency: string;
  failure_reason: string | null;
  created_at: string;
}

/** Organizer's detail: `GET /api/events/{id}/orders/{orderId}`. */
export interface OrganizerOrder extends OrganizerOrderSummary {
  event_id: string;
  locale: string;
  reserved_until: string;
  subtotal_cents: number;
  discount_cents: number;
  taxes_cents: number;
  fees_cents: number;
  affiliate_id: string | null;
  answers: Record<string, unknown>;
  items: PublicOrderItem[];
  attendees: OrganizerOrderAttendee[];
  payments: OrganizerPayment[];
  refunds: OrderRefund[];
  /** What can still be refunded: paid minus refunds made or pending. */
  refundable_cents: number;
  activity: OrderActivity[];
  /** The event's questions, to show the answers under their titles. */
  questions: AnsweredQuestion[];
}
