import { and, asc, eq, gte, inArray, lt, notExists, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import {
  events,
  invoiceCounters,
  invoiceEventOptOuts,
  invoiceSettings,
  invoices,
  orders,
} from '../../db/schema/index.ts';

/**
 * Invoicing's SQL. Invoices themselves are written only by the database (migration 0018: `invoice_issue`
 * and `invoice_credit`, from triggers on orders and refunds) and never updated: here they are only read.
 * The buyer's lookups start from an order already found by its unguessable short id.
 */
export type InvoiceSettingsRow = typeof invoiceSettings.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
type SettingsChanges = Partial<Omit<typeof invoiceSettings.$inferInsert, 'account_id'>>;

export async function findSettings(q: Queryable, accountId: string) {
  const [row] = await q
    .select()
    .from(invoiceSettings)
    .where(eq(invoiceSettings.account_id, accountId))
    .limit(1);
  return row;
}

export async function saveSettings(q: Queryable, accountId: string, changes: SettingsChanges) {
  const [row] = await q
    .insert(invoiceSettings)
    .values({ account_id: accountId, ...changes })
    .onConflictDoUpdate({ target: invoiceSettings.account_id, set: { ...changes, updated_at: new Date() } })
    .returning();
  return row;
}

/** This year's counter of a series, locked when `lock` (the settings change it only under that lock). */
export async function findCounter(
  q: Queryable,
  accountId: string,
  series: string,
  year: number,
  lock = false,
) {
  const query = q
    .select()
    .from(invoiceCounters)
    .where(
      and(
        eq(invoiceCounters.account_id, accountId),
        eq(invoiceCounters.series, series),
        eq(invoiceCounters.year, year),
      ),
    )
    .limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function issuedInSeries(q: Queryable, accountId: string, series: string, year: number) {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(and(eq(invoices.account_id, accountId), eq(invoices.series, series), eq(invoices.year, year)));
  return row?.n ?? 0;
}

export async function setNextNumber(
  q: Queryable,
  accountId: string,
  series: string,
  year: number,
  next: number,
) {
  await q
    .insert(invoiceCounters)
    .values({ account_id: accountId, series, year, next_number: next })
    .onConflictDoUpdate({
      target: [invoiceCounters.account_id, invoiceCounters.series, invoiceCounters.year],
      set: { next_number: next },
    });
}

/** The current year in the account's time zone (the year invoice numbers restart in). */
export async function accountYear(q: Queryable, accountId: string) {
  const rows = await q.execute(
    sql`select extract(year from now() at time zone timezone)::int as year from accounts where id = ${accountId}`,
  );
  return Number(rowsOf<{ year: number }>(rows)[0]?.year);
}

/** Whether the account invoices and this event did not opt out, in one round trip (the public event reads it). */
export async function isInvoicing(q: Queryable, accountId: string, eventId: string) {
  const optedOut = q
    .select({ event_id: invoiceEventOptOuts.event_id })
    .from(invoiceEventOptOuts)
    .where(and(eq(invoiceEventOptOuts.account_id, accountId), eq(invoiceEventOptOuts.event_id, eventId)));
  const [row] = await q
    .select({ account_id: invoiceSettings.account_id })
    .from(invoiceSettings)
    .where(
      and(eq(invoiceSettings.account_id, accountId), eq(invoiceSettings.enabled, true), notExists(optedOut)),
    )
    .limit(1);
  return Boolean(row);
}

export async function isOptedOut(q: Queryable, accountId: string, eventId: string) {
  const [row] = await q
    .select({ event_id: invoiceEventOptOuts.event_id })
    .from(invoiceEventOptOuts)
    .where(and(eq(invoiceEventOptOuts.account_id, accountId), eq(invoiceEventOptOuts.event_id, eventId)))
    .limit(1);
  return Boolean(row);
}

export async function setOptedOut(q: Queryable, accountId: string, eventId: string, optedOut: boolean) {
  if (optedOut) {
    await q
      .insert(invoiceEventOptOuts)
      .values({ account_id: accountId, event_id: eventId })
      .onConflictDoNothing();
  } else {
    await q
      .delete(invoiceEventOptOuts)
      .where(and(eq(invoiceEventOptOuts.account_id, accountId), eq(invoiceEventOptOuts.event_id, eventId)));
  }
}

/** An order's invoice and credit notes, oldest first, with the order's short id. */
export async function orderInvoices(q: Queryable, accountId: string, orderId: string) {
  return q
    .select({ invoice: invoices, order_short_id: orders.short_id })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.order_id))
    .where(and(eq(invoices.account_id, accountId), eq(invoices.order_id, orderId)))
    .orderBy(asc(invoices.chain_seq));
}

export async function findInvoice(q: Queryable, accountId: string, invoiceId: string) {
  const [row] = await q
    .select({ invoice: invoices, order_short_id: orders.short_id, event_name: events.name })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.order_id))
    .innerJoin(events, eq(events.id, invoices.event_id))
    .where(and(eq(invoices.account_id, accountId), eq(invoices.id, invoiceId)))
    .limit(1);
  return row;
}

/**
 * The document an e-mail attaches (an order's invoice, a refund's or a cancellation's credit note), with
 * what its PDF prints; undefined while there is none.
 */
export async function findDocument(
  q: Queryable,
  accountId: string,
  which: { orderInvoice: string } | { refundCreditNote: string } | { cancellationCreditNote: string },
) {
  const where =
    'orderInvoice' in which
      ? and(eq(invoices.order_id, which.orderInvoice), eq(invoices.kind, 'INVOICE'))
      : 'refundCreditNote' in which
        ? eq(invoices.refund_id, which.refundCreditNote)
        : and(
            eq(invoices.order_id, which.cancellationCreditNote),
            eq(invoices.kind, 'CREDIT_NOTE'),
            eq(invoices.reason, 'CANCELLATION'),
          );
  const [row] = await q
    .select({ invoice: invoices, order_short_id: orders.short_id, event_name: events.name })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.order_id))
    .innerJoin(events, eq(events.id, invoices.event_id))
    .where(and(eq(invoices.account_id, accountId), where))
    .limit(1);
  return row;
}

/** The invoice a credit note corrects (its number is printed on the note). */
export async function findCorrected(q: Queryable, accountId: string, invoiceId: string) {
  const [row] = await q
    .select()
    .from(invoices)
    .where(and(eq(invoices.account_id, accountId), eq(invoices.id, invoiceId)))
    .limit(1);
  return row;
}

/** Issued from `from` (inclusive) to `to` (exclusive), in the chain's order. */
/** The period's invoices and credit notes; only those of `organizerIds`' events for a limited member. */
export async function invoicesIssuedBetween(
  q: Queryable,
  accountId: string,
  from: Date,
  to: Date,
  organizerIds: string[] | null,
) {
  return q
    .select({ invoice: invoices, order_short_id: orders.short_id, event_name: events.name })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.order_id))
    .innerJoin(events, eq(events.id, invoices.event_id))
    .where(
      and(
        eq(invoices.account_id, accountId),
        gte(invoices.issued_at, from),
        lt(invoices.issued_at, to),
        organizerIds ? inArray(events.organizer_id, organizerIds) : undefined,
      ),
    )
    .orderBy(asc(invoices.chain_seq));
}

/** Every record of an account's chain, in order (the verification command walks them). */
export async function chainOf(q: Queryable, accountId: string) {
  return q.select().from(invoices).where(eq(invoices.account_id, accountId)).orderBy(asc(invoices.chain_seq));
}

export async function accountsWithInvoices(q: Queryable) {
  const rows = await q.selectDistinct({ account_id: invoices.account_id }).from(invoices);
  return rows.map((r) => r.account_id);
}

/** The buyer's entry point: an order by its event and unguessable short id (no account yet). */
export async function findOrderByShortId(q: Queryable, eventId: string, shortId: string) {
  const [row] = await q
    .select({ id: orders.id, account_id: orders.account_id })
    .from(orders)
    .where(and(eq(orders.event_id, eventId), eq(orders.short_id, shortId)))
    .limit(1);
  return row;
}
