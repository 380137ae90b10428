/**
 * Invoicing: the account's settings (GET/PUT /api/accounts/me/invoicing), an event's opt-out, the buyer's
 * «Necesito factura» details at checkout, and the invoices and credit notes as the API shows them.
 * Amounts are integer minor units.
 */
import { z } from 'zod';
import { isValidBuyerTaxId, isValidSpanishTaxId, normalizeBuyerTaxId, normalizeTaxId } from '../tax-id.ts';

/** The buyer's: a NIF, NIE or CIF, or another EU state's VAT number with its prefix (DE136695976). */
export const buyerTaxIdSchema = z
  .string({ error: 'invoices.buyer_tax_id_invalid' })
  .trim()
  .max(20, { error: 'invoices.buyer_tax_id_invalid' })
  .refine(isValidBuyerTaxId, { error: 'invoices.buyer_tax_id_invalid' })
  .transform(normalizeBuyerTaxId);

export const VAT_REGIMES = ['GENERAL', 'EXEMPT'] as const;
export type VatRegime = (typeof VAT_REGIMES)[number];

/** Full invoices are required above this total in euros (the simplified invoice's limit, 400 €). */
export const SIMPLIFIED_INVOICE_LIMIT_CENTS = 40_000;

const required = (max: number, key: string) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: key });

export const updateInvoiceSettingsSchema = z
  .strictObject({
    enabled: z.boolean(),
    legal_name: z.string().trim().max(200, { error: 'invoices.legal_name_required' }),
    tax_id: z.string().trim().max(20, { error: 'invoices.tax_id_invalid' }),
    address: z.string().trim().max(500, { error: 'invoices.address_required' }),
    series_prefix: z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{1,10}$/, { error: 'invoices.series_prefix_invalid' }),
    /** The number the next invoice of this year's series takes; only while none was issued in it. */
    next_number: z
      .number()
      .int()
      .min(1, { error: 'invoices.next_number_invalid' })
      .max(99_999_999)
      .optional(),
    vat_regime: z.enum(VAT_REGIMES),
    /** Basis points (2100 = 21 %). */
    fees_vat_rate_bp: z.number().int().min(0).max(10_000),
  })
  // Turned on, an invoice needs its issuer: name, a valid tax id and an address.
  .superRefine((v, ctx) => {
    if (!v.enabled && v.tax_id === '') return;
    if (v.tax_id !== '' && !isValidSpanishTaxId(v.tax_id)) {
      ctx.addIssue({ code: 'custom', path: ['tax_id'], message: 'invoices.tax_id_invalid' });
    }
    if (!v.enabled) return;
    if (v.tax_id === '')
      ctx.addIssue({ code: 'custom', path: ['tax_id'], message: 'invoices.tax_id_invalid' });
    if (v.legal_name === '') {
      ctx.addIssue({ code: 'custom', path: ['legal_name'], message: 'invoices.legal_name_required' });
    }
    if (v.address === '')
      ctx.addIssue({ code: 'custom', path: ['address'], message: 'invoices.address_required' });
  })
  .transform((v) => ({ ...v, tax_id: v.tax_id === '' ? '' : normalizeTaxId(v.tax_id) }));
export type UpdateInvoiceSettingsInput = z.input<typeof updateInvoiceSettingsSchema>;

export const invoiceSettingsSchema = z
  .object({
    enabled: z.boolean(),
    legal_name: z.string(),
    tax_id: z.string(),
    address: z.string(),
    series_prefix: z.string(),
    /** This year's next invoice number in the series. */
    next_number: z.number(),
    /** Whether next_number may still be changed (no invoice issued in this year's series yet). */
    next_number_editable: z.boolean(),
    vat_regime: z.enum(VAT_REGIMES),
    fees_vat_rate_bp: z.number(),
    /** Sending the records to the AEAT: not available in this installation (see docs). */
    aeat_submission: z.enum(['OFF']),
  })
  .meta({ id: 'InvoiceSettings' });
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

export const eventInvoicingSchema = z
  .object({
    /** The account invoices and this event did not opt out. */
    enabled: z.boolean(),
    account_enabled: z.boolean(),
    opted_out: z.boolean(),
  })
  .meta({ id: 'EventInvoicing' });
export type EventInvoicing = z.infer<typeof eventInvoicingSchema>;

export const updateEventInvoicingSchema = z.strictObject({ opted_out: z.boolean() });

/** «Necesito factura» at checkout: who the full invoice is made out to. */
export const invoiceDetailsSchema = z.strictObject({
  name: required(200, 'invoices.buyer_name_required'),
  tax_id: buyerTaxIdSchema,
  address: required(500, 'invoices.buyer_address_required'),
});
export type InvoiceDetailsInput = z.input<typeof invoiceDetailsSchema>;

export const invoiceTypeSchema = z.enum(['F1', 'F2', 'R1', 'R5']);

export const invoiceSummarySchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(['INVOICE', 'CREDIT_NOTE']),
    type: invoiceTypeSchema,
    number: z.string(),
    issue_date: z.string(),
    issued_at: z.string(),
    currency: z.string(),
    total_cents: z.number(),
    tax_cents: z.number(),
    /** A credit note's invoice number. */
    corrects: z.string().nullable(),
    reason: z.enum(['REFUND', 'CANCELLATION']).nullable(),
    buyer_name: z.string().nullable(),
    buyer_tax_id: z.string().nullable(),
    order_short_id: z.string(),
    /** The PDF: the organizer's path, or the buyer's public one. */
    pdf_url: z.string(),
  })
  .meta({ id: 'InvoiceSummary' });
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** A period of issue days, both included; by default this month so far (UTC days). */
export const invoiceExportQuerySchema = z
  .strictObject({
    from: z.iso.date({ error: 'invoices.period_invalid' }).optional(),
    to: z.iso.date({ error: 'invoices.period_invalid' }).optional(),
  })
  .refine((v) => !v.from || !v.to || v.to >= v.from, { error: 'invoices.period_invalid', path: ['to'] });
