/**
 * The receipt of an order (a buyer hands it in for expenses): who sold it, the lines with their unit
 * prices and discounts, each tax and fee, the total, what was refunded and the invoices. The server
 * works out every figure; the buyer's order summary and the print page only show them. Amounts are
 * integer minor units of `currency`.
 */
import { z } from 'zod';
import { ORDER_STATUSES, REFUND_STATUSES } from '../enums.ts';

/** How the order was paid, as a receipt names it. */
export const RECEIPT_PAYMENT_METHODS = ['CARD', 'TEST_CARD', 'OFFLINE', 'NO_PAYMENT'] as const;
export type ReceiptPaymentMethod = (typeof RECEIPT_PAYMENT_METHODS)[number];

export const receiptSchema = z
  .object({
    /** The organizer who sells the tickets. */
    seller: z.string(),
    order_number: z.string(),
    event_name: z.string(),
    /** When the order was paid (or placed, while its offline payment is awaited). */
    purchased_at: z.string(),
    /** The event's time zone, in which `purchased_at` is shown. */
    timezone: z.string(),
    payment_method: z.enum(RECEIPT_PAYMENT_METHODS),
    status: z.enum(ORDER_STATUSES),
    refund_status: z.enum(REFUND_STATUSES).nullable(),
    currency: z.string(),
    lines: z.array(
      z.object({
        description: z.string(),
        quantity: z.number(),
        unit_price_cents: z.number(),
        unit_discount_cents: z.number(),
        /** (unit price − discount) × quantity, before taxes and fees. */
        amount_cents: z.number(),
      }),
    ),
    /** Σ unit price × quantity, before the discount. */
    subtotal_cents: z.number(),
    discount_cents: z.number(),
    promo_code: z.string().nullable(),
    /** One row per tax or fee (by name and rate), summed over the lines. */
    taxes: z.array(
      z.object({
        name: z.string(),
        /** Basis points of a percentage (1000 = 10 %); null for a fixed amount per ticket. */
        rate_bp: z.number().nullable(),
        amount_cents: z.number(),
      }),
    ),
    fees: z.array(
      z.object({
        name: z.string(),
        rate_bp: z.number().nullable(),
        amount_cents: z.number(),
      }),
    ),
    /** subtotal − discount + taxes + fees: the order's total. */
    total_cents: z.number(),
    /** Refunds that went through (a duplicate payment sent back is not part of the sale). */
    refunded_cents: z.number(),
    /** What the buyer paid and kept paid: total − refunded (0 while an offline payment is awaited). */
    net_paid_cents: z.number(),
    invoices: z.array(
      z.object({
        kind: z.enum(['INVOICE', 'CREDIT_NOTE']),
        number: z.string(),
        pdf_url: z.string(),
      }),
    ),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof receiptSchema>;
