/**
 * Reports («Informes») of an event or of the whole account: tables the server computes and labels in the
 * reader's language, which the web shows and the exports write as they are.
 */
import { z } from 'zod';

export const REPORT_KINDS = [
  'sales-by-day',
  'sales-by-ticket',
  'revenue',
  'taxes-and-fees',
  'promo-codes',
  'affiliates',
  'payment-methods',
  'check-ins',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The longest date range a report takes, in days (both ends included). */
export const MAX_REPORT_DAYS = 366;

const day = z.iso.date({ error: 'reports.day_invalid' });

/** Days between two calendar days "YYYY-MM-DD", both included. */
export const daysInRange = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

const rangeShape = { from: day.optional(), to: day.optional() };

/**
 * The date range of a report: calendar days in the event's time zone (the account's, for the account's
 * reports), both included; neither for the whole history. Both or neither, `from` ≤ `to`, at most
 * MAX_REPORT_DAYS days.
 */
function checkRange(range: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  const { from, to } = range;
  if (!from && !to) return;
  if (!from || !to) {
    ctx.addIssue({ code: 'custom', path: [from ? 'to' : 'from'], message: 'reports.range_both' });
    return;
  }
  if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'reports.range_order' });
  else if (daysInRange(from, to) > MAX_REPORT_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'reports.range_span' });
  }
}

export const reportRange = z.object(rangeShape).superRefine(checkRange);
export type ReportRange = z.infer<typeof reportRange>;

export const reportExportQuery = z
  .object({
    ...rangeShape,
    format: z.enum(['csv', 'xlsx'], { error: 'reports.export_format' }).default('csv'),
  })
  .superRefine(checkRange);

/** An event's report may also be of one of its dates (events with several dates). */
const eventDateShape = { event_date_id: z.uuid().optional() };
export const eventReportRange = z.object({ ...rangeShape, ...eventDateShape }).superRefine(checkRange);
export type EventReportRange = z.infer<typeof eventReportRange>;
export const eventReportExportQuery = z
  .object({
    ...rangeShape,
    ...eventDateShape,
    format: z.enum(['csv', 'xlsx'], { error: 'reports.export_format' }).default('csv'),
  })
  .superRefine(checkRange);

/** How a column's values read: text, a calendar day, a count, minor units of the row's currency, hundredths of a percent. */
export const REPORT_COLUMN_KINDS = ['text', 'day', 'count', 'money', 'percent'] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

const cell = z.union([z.string(), z.number(), z.null()]);

export const reportSchema = z
  .object({
    report: z.enum(REPORT_KINDS),
    scope: z.enum(['event', 'account']),
    title: z.string().meta({ description: "The report's name in the reader's language" }),
    timezone: z.string().meta({ description: 'The time zone days are counted in' }),
    from: z.string().nullable(),
    to: z.string().nullable(),
    /** Whether the date range applies to this report (check-ins are counted over the whole event). */
    dated: z.boolean(),
    columns: z.array(z.object({ key: z.string(), label: z.string(), kind: z.enum(REPORT_COLUMN_KINDS) })),
    rows: z
      .array(z.record(z.string(), cell))
      .meta({ description: 'One object per row, keyed by column; money rows carry their `currency`' }),
    totals: z
      .array(z.record(z.string(), cell))
      .meta({ description: 'The totals: one row per currency (the account may sell in several)' }),
  })
  .meta({ id: 'Report' });
export type Report = z.infer<typeof reportSchema>;
export type ReportRow = Report['rows'][number];
