import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { orderRefunds } from './after-sale.ts';
import { timestamps, ts } from './columns.ts';
import { events } from './events.ts';
import { orders } from './orders.ts';

/**
 * An account's invoicing: off until an admin turns it on. The seller's details are copied onto every
 * invoice when it is issued, so changing them later never changes an issued invoice.
 */
export const invoiceSettings = pgTable('invoice_settings', {
  account_id: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  legal_name: text('legal_name').notNull().default(''),
  tax_id: text('tax_id').notNull().default(''),
  address: text('address').notNull().default(''),
  /** The invoice series' prefix; credit notes use the same prefix followed by R. */
  series_prefix: text('series_prefix').notNull().default('F'),
  /** GENERAL (VAT charged, Verifactu ClaveRegimen 01 / S1) or EXEMPT (art. 20 LIVA, E1). */
  vat_regime: text('vat_regime', { enum: ['GENERAL', 'EXEMPT'] })
    .notNull()
    .default('GENERAL'),
  /** The VAT included in fees (basis points): a 1,00 € fee at 2100 is 0,83 € + 0,17 € VAT. */
  fees_vat_rate_bp: integer('fees_vat_rate_bp').notNull().default(2100),
  ...timestamps,
});

/** Events an account invoices by default but not these (e.g. a charity night invoiced elsewhere). */
export const invoiceEventOptOuts = pgTable('invoice_event_opt_outs', {
  event_id: uuid('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  account_id: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  created_at: ts('created_at').notNull().defaultNow(),
});

/** The next number of each series and year: its row is locked while a number is taken (gap-free). */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    next_number: integer('next_number').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.series, t.year] })],
);

/** The last registration record of an account's Verifactu chain: its row is locked while one is added. */
export const invoiceChains = pgTable('invoice_chains', {
  account_id: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  last_seq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
  last_fingerprint: text('last_fingerprint'),
});

/**
 * An issued invoice or credit note, with its Verifactu registration record (RegistroAlta): written once
 * by the database functions of migration 0018 (`invoice_issue`, `invoice_credit`) in the transaction that
 * pays, refunds or cancels the order, and never changed or deleted (a trigger refuses both).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    account_id: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    event_id: uuid('event_id')
      .notNull()
      .references(() => events.id),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    kind: text('kind', { enum: ['INVOICE', 'CREDIT_NOTE'] }).notNull(),
    /** Verifactu TipoFactura: F1 full, F2 simplified, R1 credit note of an F1, R5 of an F2. */
    type: text('type', { enum: ['F1', 'F2', 'R1', 'R5'] }).notNull(),
    series: text('series').notNull(),
    year: integer('year').notNull(),
    number: integer('number').notNull(),
    /** NumSerieFactura: series, year and number, e.g. F2026-000042. */
    number_text: text('number_text').notNull(),
    /** FechaExpedicionFactura, DD-MM-YYYY in the account's time zone. */
    issue_date: text('issue_date').notNull(),
    issued_at: ts('issued_at').notNull().defaultNow(),
    currency: text('currency').notNull(),
    /** ImporteTotal in minor units (negative on a credit note). */
    total_cents: integer('total_cents').notNull(),
    /** CuotaTotal: the VAT in minor units (negative on a credit note). */
    tax_cents: integer('tax_cents').notNull(),
    /** The invoice a credit note corrects. */
    corrects_invoice_id: uuid('corrects_invoice_id'),
    reason: text('reason', { enum: ['REFUND', 'CANCELLATION'] }),
    refund_id: uuid('refund_id').references(() => orderRefunds.id),
    /** { legal_name, tax_id, address, vat_regime, fees_vat_rate_bp } when issued. */
    seller: jsonb('seller').$type<Record<string, unknown>>().notNull(),
    /** { name, tax_id, address } given at checkout; null on a simplified invoice without them. */
    buyer: jsonb('buyer').$type<Record<string, unknown>>(),
    /**
     * The order's lines when the invoice was issued (order_items' columns: ticket_name, price_label,
     * quantity, unit_price_cents, unit_discount_cents, taxes_cents, fees_cents, total_cents,
     * taxes_and_fees): an attendee cancelled later changes the order, never its invoice.
     */
    lines: jsonb('lines').$type<Record<string, unknown>[]>().notNull(),
    /** Position in the account's chain (1, 2, …) and the chained SHA-256 fingerprints. */
    chain_seq: bigint('chain_seq', { mode: 'number' }).notNull(),
    previous_fingerprint: text('previous_fingerprint'),
    fingerprint: text('fingerprint').notNull(),
    /** FechaHoraHusoGenRegistro exactly as hashed, e.g. 2026-11-28T08:15:00+01:00. */
    generated_at: text('generated_at').notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_unique').on(t.account_id, t.series, t.year, t.number),
    uniqueIndex('invoices_chain_unique').on(t.account_id, t.chain_seq),
    uniqueIndex('invoices_order_invoice_unique').on(t.order_id).where(sql`kind = 'INVOICE'`),
    uniqueIndex('invoices_refund_unique').on(t.refund_id),
    index('invoices_account_issued_idx').on(t.account_id, t.issued_at),
  ],
);
