/** Tickets and their price tiers: the organizer API's payloads (zod, both ends) and response shapes. */
import { z } from 'zod';
import { TICKET_PRICE_TYPES } from '../enums.ts';

const isoDate = z.iso.datetime({ offset: true });
const optionalDate = isoDate.nullable().optional();

export const ticketPriceInput = z.object({
  /** An existing tier's id when updating; omitted for a new tier. */
  id: z.uuid().optional(),
  label: z.string().trim().max(100).nullable().optional(),
  price_cents: z.number().int().min(0).max(100_000_000),
  /** Units on sale; null or omitted = unlimited. */
  quantity: z.number().int().min(0).max(10_000_000).nullable().optional(),
  sale_start_date: optionalDate,
  sale_end_date: optionalDate,
  is_hidden: z.boolean().optional(),
});
export type TicketPriceInput = z.infer<typeof ticketPriceInput>;

const ticketFields = {
  name: z
    .string()
    .trim()
    .min(1, { error: 'tickets.name_required' })
    .max(149, { error: 'tickets.name_length' }),
  description: z.string().max(50_000, { error: 'tickets.description_length' }).nullable().optional(),
  /** The price type (DESIGN §4 calls it `type`); `price_type` is accepted as a synonym. */
  type: z.enum(TICKET_PRICE_TYPES).optional(),
  price_type: z.enum(TICKET_PRICE_TYPES).optional(),
  prices: z.array(ticketPriceInput).min(1, { error: 'tickets.prices_required' }).max(50),
  min_per_order: z.number().int().min(1).max(10_000).optional(),
  max_per_order: z.number().int().min(1).max(10_000).optional(),
  sale_start_date: optionalDate,
  sale_end_date: optionalDate,
  is_hidden: z.boolean().optional(),
  hidden_unless_promo_code: z.boolean().optional(),
  hide_before_sale_start: z.boolean().optional(),
  hide_after_sale_end: z.boolean().optional(),
  hide_when_sold_out: z.boolean().optional(),
  show_quantity_remaining: z.boolean().optional(),
  /** Sold out → buyers can join the waiting list. */
  waitlist_enabled: z.boolean().optional(),
  /** Taxes and fees that apply; omitted on create = the account's defaults. */
  tax_ids: z.array(z.uuid()).max(20).optional(),
};

const before = (a?: string | null, b?: string | null) => !a || !b || new Date(a) < new Date(b);

function checkTicket(input: z.infer<z.ZodObject<typeof ticketFields>>, ctx: z.RefinementCtx) {
  const t = { ...input, type: input.type ?? input.price_type };
  if (!t.type) {
    ctx.addIssue({ code: 'custom', path: ['type'], message: 'tickets.type_required' });
    return;
  }
  if (!before(t.sale_start_date, t.sale_end_date)) {
    ctx.addIssue({ code: 'custom', path: ['sale_end_date'], message: 'tickets.sale_end_before_start' });
  }
  if ((t.min_per_order ?? 1) > (t.max_per_order ?? 100)) {
    ctx.addIssue({ code: 'custom', path: ['max_per_order'], message: 'tickets.max_below_min' });
  }
  if (t.type !== 'TIERED' && t.prices.length !== 1) {
    ctx.addIssue({ code: 'custom', path: ['prices'], message: 'tickets.single_price' });
  }
  t.prices.forEach((p, i) => {
    if (t.type === 'TIERED' && !p.label?.trim()) {
      ctx.addIssue({ code: 'custom', path: ['prices', i, 'label'], message: 'tickets.tier_label_required' });
    }
    if (t.type === 'PAID' || t.type === 'TIERED') {
      if (p.price_cents < 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['prices', i, 'price_cents'],
          message: 'tickets.price_positive',
        });
      }
    }
    if (!before(p.sale_start_date, p.sale_end_date)) {
      ctx.addIssue({
        code: 'custom',
        path: ['prices', i, 'sale_end_date'],
        message: 'tickets.sale_end_before_start',
      });
    }
  });
}

export const ticketInput = z.strictObject(ticketFields).superRefine(checkTicket);
export type TicketInput = z.infer<typeof ticketInput>;

export const ticketSortInput = z.strictObject({ ids: z.array(z.uuid()).min(1).max(500) });

// Response shapes: documented in /api/docs and checked against every answer in the server tests.

export const ticketStatusSchema = z.enum(['ON_SALE', 'SCHEDULED', 'ENDED', 'SOLD_OUT', 'HIDDEN']);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

export const ticketPriceSchema = z
  .object({
    id: z.string(),
    label: z.string().nullable(),
    price_cents: z.number(),
    quantity: z.number().nullable(),
    sale_start_date: z.string().nullable(),
    sale_end_date: z.string().nullable(),
    is_hidden: z.boolean(),
    sort_order: z.number(),
    /** Units in completed or awaiting-offline-payment orders. */
    quantity_sold: z.number(),
    /** Units in reservations that have not expired. */
    quantity_reserved: z.number(),
    /** Units still available after every limit (tier and capacity assignments); null = unlimited. */
    quantity_remaining: z.number().nullable(),
    status: ticketStatusSchema,
  })
  .meta({ id: 'TicketPrice' });
export type TicketPrice = z.infer<typeof ticketPriceSchema>;

export const ticketSchema = z
  .object({
    id: z.string(),
    event_id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    type: z.enum(TICKET_PRICE_TYPES),
    price_type: z.enum(TICKET_PRICE_TYPES),
    min_per_order: z.number(),
    max_per_order: z.number(),
    sale_start_date: z.string().nullable(),
    sale_end_date: z.string().nullable(),
    is_hidden: z.boolean(),
    hidden_unless_promo_code: z.boolean(),
    hide_before_sale_start: z.boolean(),
    hide_after_sale_end: z.boolean(),
    hide_when_sold_out: z.boolean(),
    show_quantity_remaining: z.boolean(),
    waitlist_enabled: z.boolean(),
    sort_order: z.number(),
    tax_ids: z.array(z.string()),
    prices: z.array(ticketPriceSchema),
    quantity_sold: z.number(),
    quantity_reserved: z.number(),
    quantity_remaining: z.number().nullable(),
    status: ticketStatusSchema,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Ticket' });
export type Ticket = z.infer<typeof ticketSchema>;
