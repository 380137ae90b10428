import type { Locale } from '@taquilla/shared';
import type {
  EventReportRange,
  Report,
  ReportColumnKind,
  ReportKind,
  ReportRange,
  ReportRow,
} from '@taquilla/shared/schemas/reports';
import type { Queryable } from '../../db/client.ts';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { t } from '../../lib/i18n.ts';
import { listCheckInCounts } from '../check-in/check-in.service.ts';
import { assertEventDate } from '../event-dates/date-filter.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { COMPLETED_ORDERS, REFUNDED_MONEY } from '../order-lifecycle/order-lifecycle.ts';
import { exportLabel } from '../orders/export-labels.ts';
// The catalog of the titles, headers and errors named below by key.
import './reports.messages.ts';
import { reportSheet } from './reports.export.ts';
import * as repo from './reports.repository.ts';

/**
 * The reports of an event or of the whole account. Every money figure is summed by the books' SQL
 * (order-lifecycle/order-money.ts): sales are completed orders on the day they completed, refunds that
 * went through subtract on the day they were made, so each report's totals agree with the dashboard's and
 * with each other (gross by ticket = gross by day = revenue's gross, for the same days).
 */

/** The books' rule: which orders are sales and which refunds gave money back. */
const RULE: repo.SalesRule = { statuses: COMPLETED_ORDERS, refunds: REFUNDED_MONEY };

type Scope = repo.ReportScope & { currency: string };

interface Column {
  key: string;
  kind: ReportColumnKind;
  /** Shown only in the account's reports (the event's have one event and one currency). */
  accountOnly?: boolean;
}

interface Definition {
  /** Whether the date range applies (check-in counts are the event's as a whole). */
  dated: boolean;
  columns: Column[];
  rows: (q: Queryable, scope: Scope, locale: Locale) => Promise<ReportRow[]>;
  totals: (rows: ReportRow[], locale: Locale) => ReportRow[];
}

const n = (v: unknown) => Number(v ?? 0);
const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

const col = (key: string, kind: ReportColumnKind, accountOnly = false): Column => ({
  key,
  kind,
  accountOnly,
});
const CURRENCY = col('currency', 'text', true);
const EVENT = col('event', 'text', true);
const SALES = [col('orders', 'count'), col('tickets', 'count')];
const MONEY_OUT = [col('gross', 'money'), col('refunded', 'money'), col('net', 'money')];

/** A grouped row of `moneyRows` sums as report cells. */
function money(r: Record<string, unknown>): ReportRow {
  const gross = n(r.gross);
  const refunded = n(r.refunded);
  return {
    currency: String(r.currency),
    orders: n(r.orders_count),
    tickets: n(r.tickets),
    gross,
    discount: n(r.discount),
    taxes: n(r.taxes),
    fees: n(r.fees),
    refunded,
    net: gross - refunded,
  };
}

/**
 * Totals: the rows summed per `groupOf` (their currency by default), the `sum` columns added, the others
 * from `label` (the group's first row and the translated word "Total").
 */
function totalsBy(
  rows: ReportRow[],
  sum: string[],
  label: (first: ReportRow) => ReportRow,
  groupOf: (row: ReportRow) => string = (row) => String(row.currency),
): ReportRow[] {
  const groups = new Map<string, ReportRow>();
  for (const row of rows) {
    const key = groupOf(row);
    let total = groups.get(key);
    if (!total) {
      total = { ...label(row), ...Object.fromEntries(sum.map((k) => [k, 0])) };
      groups.set(key, total);
    }
    for (const k of sum) total[k] = n(total[k]) + n(row[k]);
  }
  return [...groups.values()];
}

const MONEY_SUMS = ['orders', 'tickets', 'gross', 'discount', 'taxes', 'fees', 'refunded', 'net'];

/** Money totals per currency, the first text column saying "Total". */
const moneyTotals = (first: string) => (rows: ReportRow[], locale: Locale) =>
  totalsBy(rows, MONEY_SUMS, (row) => ({
    currency: row.currency ?? null,
    [first]: t(locale, 'reports.value.total'),
  }));

/** Calendar days "YYYY-MM-DD" from `from` to `to`, both included. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = Date.parse(`${from}T00:00:00Z`); d <= Date.parse(`${to}T00:00:00Z`); d += 86_400_000) {
    days.push(new Date(d).toISOString().slice(0, 10));
  }
  return days;
}

const EMPTY_MONEY = { orders: 0, tickets: 0, gross: 0, discount: 0, taxes: 0, fees: 0, refunded: 0, net: 0 };

/** Every day of the range, a day without sales as zeros (in one currency; several are shown as they come). */
function withEveryDay(rows: ReportRow[], scope: Scope): ReportRow[] {
  const currencies = new Set(rows.map((r) => r.currency));
  if (!scope.from || !scope.to || currencies.size > 1) return rows;
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const currency = rows[0]?.currency ?? scope.currency;
  return daysBetween(scope.from, scope.to).map((day) => byDay.get(day) ?? { day, currency, ...EMPTY_MONEY });
}

const DEFINITIONS: Record<ReportKind, Definition> = {
  'sales-by-day': {
    dated: true,
    columns: [col('day', 'day'), CURRENCY, ...SALES, ...MONEY_OUT],
    rows: async (q, scope) =>
      withEveryDay(
        (await repo.salesByDay(q, scope, RULE)).map((r) => ({ day: String(r.k0), ...money(r) })),
        scope,
      ),
    totals: moneyTotals('day'),
  },
  revenue: {
    dated: true,
    columns: [
      CURRENCY,
      ...SALES,
      col('gross', 'money'),
      col('discount', 'money'),
      col('taxes', 'money'),
      col('fees', 'money'),
      col('refunded', 'money'),
      col('net', 'money'),
    ],
    rows: async (q, scope) => (await repo.revenue(q, scope, RULE)).map(money),
    // Its rows are already the totals, one per currency.
    totals: () => [],
  },
  'sales-by-ticket': {
    dated: true,
    columns: [
      EVENT,
      col('ticket', 'text'),
      CURRENCY,
      col('tickets', 'count'),
      col('discount', 'money'),
      col('taxes', 'money'),
      col('fees', 'money'),
      col('gross', 'money'),
    ],
    rows: async (q, scope) =>
      (await repo.salesByTicket(q, scope, RULE)).map((r) => ({
        event: text(r.k0),
        ticket: text(r.k1),
        currency: String(r.currency),
        tickets: n(r.tickets),
        discount: n(r.discount),
        taxes: n(r.taxes),
        fees: n(r.fees),
        gross: n(r.gross),
      })),
    totals: (rows, locale) =>
      totalsBy(rows, ['tickets', 'discount', 'taxes', 'fees', 'gross'], (row) => ({
        currency: row.currency ?? null,
        ticket: t(locale, 'reports.value.total'),
      })),
  },
  'taxes-and-fees': {
    dated: true,
    columns: [
      CURRENCY,
      col('type', 'text'),
      col('name', 'text'),
      col('rate', 'percent'),
      col('unit_amount', 'money'),
      col('tickets', 'count'),
      col('base', 'money'),
      col('amount', 'money'),
    ],
    rows: async (q, scope, locale) =>
      (await repo.taxesAndFees(q, scope, RULE)).map((r) => {
        const percentage = r.calculation === 'PERCENTAGE';
        return {
          currency: String(r.currency),
          kind: String(r.type),
          type: t(locale, `reports.value.${r.type === 'TAX' ? 'TAX' : 'FEE'}`),
          name: text(r.name),
          rate: percentage ? n(r.value) : null,
          unit_amount: percentage ? null : n(r.value),
          tickets: n(r.tickets),
          base: n(r.base),
          amount: n(r.amount),
        };
      }),
    // Per currency, taxes and fees apart: their sums are the orders' taxes and fees.
    totals: (rows, locale) =>
      totalsBy(
        rows,
        ['amount'],
        (row) => ({
          currency: row.currency ?? null,
          kind: row.kind ?? null,
          type: t(locale, `reports.value.${row.kind === 'TAX' ? 'taxes_total' : 'fees_total'}`),
        }),
        (row) => `${row.currency}:${row.kind}`,
      ),
  },
  'promo-codes': {
    dated: true,
    columns: [EVENT, col('code', 'text'), CURRENCY, ...SALES, col('discount', 'money'), ...MONEY_OUT],
    rows: async (q, scope) =>
      (await repo.salesByPromoCode(q, scope, RULE)).map((r) => ({
        event: text(r.k0),
        code: text(r.k1),
        ...money(r),
      })),
    totals: moneyTotals('code'),
  },
  affiliates: {
    dated: true,
    columns: [EVENT, col('affiliate', 'text'), col('code', 'text'), CURRENCY, ...SALES, ...MONEY_OUT],
    rows: async (q, scope) =>
      (await repo.salesByAffiliate(q, scope, RULE)).map((r) => ({
        event: text(r.k0),
        affiliate: text(r.k1),
        code: text(r.k2),
        ...money(r),
      })),
    totals: moneyTotals('affiliate'),
  },
  'payment-methods': {
    dated: true,
    columns: [col('method', 'text'), CURRENCY, ...SALES, ...MONEY_OUT],
    rows: async (q, scope, locale) =>
      (await repo.salesByPaymentMethod(q, scope, RULE)).map((r) => ({
        method: r.k0 ? exportLabel(locale, String(r.k0)) : t(locale, 'reports.value.no_payment'),
        ...money(r),
      })),
    totals: moneyTotals('method'),
  },
  'check-ins': {
    dated: false,
    columns: [
      EVENT,
      col('list', 'text'),
      col('attendees', 'count'),
      col('checked_in', 'count'),
      col('check_in_rate', 'percent'),
    ],
    rows: async (q, scope) =>
      (await listCheckInCounts(q, scope.accountId, scope.eventId, scope.organizerIds, scope.eventDateId)).map(
        (l) => ({
          event: l.event_name,
          list: l.name,
          attendees: l.attendees_count,
          checked_in: l.checked_in_count,
          check_in_rate: rate(l.checked_in_count, l.attendees_count),
        }),
      ),
    totals: (rows, locale) =>
      rows.length === 0
        ? []
        : totalsBy(
            rows,
            ['attendees', 'checked_in'],
            () => ({ list: t(locale, 'reports.value.total') }),
            () => 'all',
          ).map((total) => ({ ...total, check_in_rate: rate(n(total.checked_in), n(total.attendees)) })),
  },
};

/** Checked in of attendees, in hundredths of a percent (half up); null without attendees. */
const rate = (checkedIn: number, attendees: number) =>
  attendees === 0 ? null : Math.round((checkedIn * 10_000) / attendees);

async function build(q: Queryable, kind: ReportKind, scope: Scope, locale: Locale): Promise<Report> {
  const def = DEFINITIONS[kind];
  const dated = def.dated ? scope : { ...scope, from: null, to: null };
  const rows = await def.rows(q, dated, locale);
  const account = scope.eventId === null;
  return {
    report: kind,
    scope: account ? 'account' : 'event',
    title: t(locale, `reports.title.${kind}`),
    timezone: scope.timezone,
    from: scope.from,
    to: scope.to,
    dated: def.dated,
    columns: def.columns
      .filter((c) => account || !c.accountOnly)
      .map((c) => ({ key: c.key, label: t(locale, `reports.col.${c.key}`), kind: c.kind })),
    rows,
    totals: def.totals(rows, locale),
  };
}

const range = (r: ReportRange) => ({ from: r.from ?? null, to: r.to ?? null });

/** One report of one event of the caller's account; days in the event's time zone. */
export async function eventReport(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  kind: ReportKind,
  dates: EventReportRange,
  locale: Locale,
) {
  assertCan(auth, 'reports:read');
  const event = await loadOwnedEvent(db, auth, eventId);
  const dateId = dates.event_date_id ?? null;
  if (dateId) await assertEventDate(db, auth.accountId, event.id, dateId);
  const scope = {
    accountId: auth.accountId,
    eventId: event.id,
    eventDateId: dateId,
    organizerIds: null,
    timezone: event.timezone,
    currency: event.currency,
  };
  return { report: await build(db, kind, { ...scope, ...range(dates) }, locale), event };
}

/** One report of all the caller's account's events; days in the account's time zone. */
export async function accountReport(
  { db }: DbDeps,
  auth: AuthContext,
  kind: ReportKind,
  dates: ReportRange,
  locale: Locale,
) {
  assertCan(auth, 'reports:read');
  const account = await repo.accountSettings(db, auth.accountId);
  const scope = {
    accountId: auth.accountId,
    eventId: null,
    eventDateId: null,
    organizerIds: auth.organizerIds,
    ...account,
  };
  return build(db, kind, { ...scope, ...range(dates) }, locale);
}

/** A report of an event as a download: figures leaving the system, so the exports' permission too. */
export async function eventReportSheet(
  deps: DbDeps,
  auth: AuthContext,
  eventId: string,
  kind: ReportKind,
  dates: EventReportRange,
  locale: Locale,
) {
  assertCan(auth, 'orders:export');
  const { report, event } = await eventReport(deps, auth, eventId, kind, dates, locale);
  return reportSheet(report, event.slug, locale);
}

/** A report of the account as a download. */
export async function accountReportSheet(
  deps: DbDeps,
  auth: AuthContext,
  kind: ReportKind,
  dates: ReportRange,
  locale: Locale,
) {
  assertCan(auth, 'orders:export');
  return reportSheet(await accountReport(deps, auth, kind, dates, locale), 'account', locale);
}
