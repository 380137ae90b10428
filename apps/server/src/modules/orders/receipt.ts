import type { AutomaticRefundReason } from '@taquilla/shared';
import type { Receipt, ReceiptPaymentMethod } from '@taquilla/shared/schemas/receipt';
import type { Queryable } from '../../db/client.ts';
import { REFUNDED_MONEY, REFUNDS_OUTSIDE_SALES } from '../order-lifecycle/order-lifecycle.ts';
import { loadItems, loadRefunds, type OrderItemRow, type OrderRow } from './orders.repository.ts';

/** What a receipt says about the event and who sells it. */
export interface ReceiptEvent {
  name: string;
  timezone: string;
  organizer_name: string;
}

interface AppliedTaxOrFee {
  name: string;
  type: 'TAX' | 'FEE';
  calculation: 'PERCENTAGE' | 'FIXED';
  value: number;
  amount_cents: number;
}

type TaxRow = Receipt['taxes'][number];

/**
 * Each tax and fee of the lines (stored per unit when the order was priced), summed per name and rate:
 * together they are the order's taxes and fees to the cent.
 */
function taxesAndFees(items: OrderItemRow[]) {
  const rows = { TAX: new Map<string, TaxRow>(), FEE: new Map<string, TaxRow>() };
  for (const item of items) {
    for (const applied of item.taxes_and_fees as unknown as AppliedTaxOrFee[]) {
      const rate = applied.calculation === 'PERCENTAGE' ? applied.value : null;
      const key = `${applied.name}|${rate}`;
      const group = rows[applied.type];
      const row = group.get(key) ?? { name: applied.name, rate_bp: rate, amount_cents: 0 };
      row.amount_cents += applied.amount_cents * item.quantity;
      group.set(key, row);
    }
  }
  return { taxes: [...rows.TAX.values()], fees: [...rows.FEE.values()] };
}

const outsideSales = (reason: string | null) =>
  REFUNDS_OUTSIDE_SALES.includes(reason as AutomaticRefundReason);

function paymentMethodOf(order: OrderRow): ReceiptPaymentMethod {
  if (order.total_cents === 0 || order.payment_status === 'NO_PAYMENT_REQUIRED') return 'NO_PAYMENT';
  if (order.payment_provider === 'stripe') return 'CARD';
  if (order.payment_provider === 'test') return 'TEST_CARD';
  return 'OFFLINE';
}

/**
 * The receipt of an order that is no longer a reservation: its lines, taxes and fees as priced, the
 * total, and the refunds that went through. `invoices` are the buyer's links to the order's invoice
 * and credit notes (the caller reads them: invoicing is another module).
 */
export async function presentReceipt(
  q: Queryable,
  order: OrderRow,
  event: ReceiptEvent,
  invoices: Receipt['invoices'],
): Promise<Receipt> {
  const [items, refunds] = await Promise.all([loadItems(q, [order.id]), loadRefunds(q, order)]);
  const refunded = refunds
    .filter((r) => REFUNDED_MONEY.includes(r.status) && !outsideSales(r.reason))
    .reduce((sum, r) => sum + r.amount_cents, 0);
  const paid = order.payment_status === 'PAYMENT_RECEIVED';
  return {
    seller: event.organizer_name,
    order_number: order.short_id,
    event_name: event.name,
    purchased_at: (order.completed_at ?? order.created_at).toISOString(),
    timezone: event.timezone,
    payment_method: paymentMethodOf(order),
    status: order.status,
    refund_status: order.refund_status,
    currency: order.currency,
    lines: items.map((i) => ({
      description: i.price_label ? `${i.ticket_name} – ${i.price_label}` : i.ticket_name,
      quantity: i.quantity,
      unit_price_cents: i.unit_price_cents,
      unit_discount_cents: i.unit_discount_cents,
      amount_cents: (i.unit_price_cents - i.unit_discount_cents) * i.quantity,
    })),
    subtotal_cents: order.subtotal_cents,
    discount_cents: order.discount_cents,
    promo_code: order.promo_code,
    ...taxesAndFees(items),
    total_cents: order.total_cents,
    refunded_cents: refunded,
    net_paid_cents: paid ? order.total_cents - refunded : 0,
    invoices,
  };
}
