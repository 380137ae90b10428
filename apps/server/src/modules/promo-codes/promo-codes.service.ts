import type { PromoCode, PromoCodeInput } from '@taquilla/shared/schemas/promo-codes';
import type { Queryable } from '../../db/client.ts';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { invalid, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import { areEventDates } from '../event-dates/date-filter.ts';
import { loadDateRefs, refOf } from '../event-dates/date-refs.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { loadPromoCodeLevels, type PromoCodeLevel } from '../tickets/availability.ts';
import { unknownTicketIds } from '../tickets/tickets.service.ts';
import { promoCodeMessages as m } from './promo-codes.messages.ts';
import * as repo from './promo-codes.repository.ts';

export type PromoCodeRow = repo.PromoCodeRow;

const UNUSED: PromoCodeLevel = { uses: 0, status: 'ACTIVE' };

/**
 * Whether a promo code may be used on an order of this date (#27): a code limited to dates
 * (`event_date_ids`) only on those; without a date (a single-date event, or a page before the buyer
 * picks one) any code may.
 */
export function promoAllowsDate(promo: { event_date_ids: string[] }, dateId: string | null | undefined) {
  return !dateId || promo.event_date_ids.length === 0 || promo.event_date_ids.includes(dateId);
}

/**
 * The event's promo code matching `code` (case-insensitive) when it can be used now: not expired and
 * under its max uses (uses = orders completed, awaiting offline payment or still reserved with it) and,
 * with `dateId`, allowed on that date (`promoAllowsDate`). Returns null otherwise. For checkout: call it inside the transaction, then lock the promo row
 * (`lockSellingRows`) and re-count uses before accepting the order.
 */
export async function findValidPromoCode(
  q: Queryable,
  eventId: string,
  code: string,
  dateId?: string | null,
): Promise<(PromoCodeRow & { uses: number }) | null> {
  const trimmed = code.trim();
  if (trimmed.length < 3 || trimmed.length > 50) return null;
  const row = await repo.findByCode(q, eventId, trimmed);
  if (!row || !promoAllowsDate(row, dateId)) return null;
  const level = (await loadPromoCodeLevels(q, [row.id])).get(row.id) ?? UNUSED;
  return level.status === 'ACTIVE' ? { ...row, uses: level.uses } : null;
}

type DateRefs = Awaited<ReturnType<typeof loadDateRefs>>;

function present(row: PromoCodeRow, level: PromoCodeLevel, dates: DateRefs): PromoCode {
  return {
    id: row.id,
    event_id: row.event_id,
    code: row.code,
    discount_type: row.discount_type,
    discount: row.discount,
    ticket_ids: row.ticket_ids,
    event_date_ids: row.event_date_ids,
    event_dates: row.event_date_ids
      .map((id) => refOf(dates, id))
      .filter((d) => d !== null)
      .sort((a, b) => a.starts_at.localeCompare(b.starts_at)),
    expiry_date: row.expiry_date?.toISOString() ?? null,
    max_uses: row.max_uses,
    usage_count: level.uses,
    status: level.status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listPromoCodes(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  raw: Record<string, unknown>,
) {
  assertCan(auth, 'events:read');
  const params = parseListQuery(raw, repo.promoCodeListSpec);
  await loadOwnedEvent(db, auth, eventId);
  const { rows, total } = await repo.listPromoCodes(db, auth.accountId, eventId, params);
  const [levels, dates] = await Promise.all([
    loadPromoCodeLevels(
      db,
      rows.map((r) => r.id),
    ),
    loadDateRefs(
      db,
      rows.flatMap((r) => r.event_date_ids),
    ),
  ]);
  return {
    data: rows.map((r) => present(r, levels.get(r.id) ?? UNUSED, dates)),
    meta: listMeta(total, params),
  };
}

export async function getPromoCode(q: Queryable, auth: AuthContext, eventId: string, id: string) {
  assertCan(auth, 'events:read');
  await loadOwnedEvent(q, auth, eventId);
  const row = await repo.findPromoCode(q, auth.accountId, eventId, id);
  if (!row) throw notFound();
  const [levels, dates] = await Promise.all([
    loadPromoCodeLevels(q, [row.id]),
    loadDateRefs(q, row.event_date_ids),
  ]);
  return present(row, levels.get(row.id) ?? UNUSED, dates);
}

async function values(
  q: Queryable,
  accountId: string,
  eventId: string,
  input: PromoCodeInput,
  exceptId?: string,
) {
  if (await repo.findByCode(q, eventId, input.code, exceptId))
    throw invalid({ code: m['promo_codes.code_taken'] });
  const ticketIds = [...new Set(input.ticket_ids ?? [])];
  if ((await unknownTicketIds(q, eventId, ticketIds)).length) {
    throw invalid({ ticket_ids: m['promo_codes.unknown_ticket'] });
  }
  const dateIds = [...new Set(input.event_date_ids ?? [])];
  if (!(await areEventDates(q, accountId, eventId, dateIds))) {
    throw invalid({ event_date_ids: m['promo_codes.unknown_date'] });
  }
  return {
    code: input.code,
    code_normalized: input.code.toLowerCase(),
    discount_type: input.discount_type,
    discount: input.discount_type === 'NONE' ? 0 : (input.discount ?? 0),
    ticket_ids: ticketIds,
    event_date_ids: dateIds,
    expiry_date: input.expiry_date ? new Date(input.expiry_date) : null,
    max_uses: input.max_uses ?? null,
  };
}

export async function createPromoCode(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  input: PromoCodeInput,
) {
  assertCan(auth, 'events:manage');
  try {
    const id = await db.transaction(async (tx) => {
      await loadOwnedEvent(tx, auth, eventId);
      const row = await repo.insertPromoCode(tx, {
        ...(await values(tx, auth.accountId, eventId, input)),
        account_id: auth.accountId,
        event_id: eventId,
      });
      return row.id;
    });
    return getPromoCode(db, auth, eventId, id);
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid({ code: m['promo_codes.code_taken'] });
    throw err;
  }
}

export async function updatePromoCode(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  id: string,
  input: PromoCodeInput,
) {
  assertCan(auth, 'events:manage');
  try {
    await db.transaction(async (tx) => {
      await loadOwnedEvent(tx, auth, eventId);
      const row = await repo.findPromoCode(tx, auth.accountId, eventId, id);
      if (!row) throw notFound();
      await repo.updatePromoCode(
        tx,
        auth.accountId,
        id,
        await values(tx, auth.accountId, eventId, input, id),
      );
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid({ code: m['promo_codes.code_taken'] });
    throw err;
  }
  return getPromoCode(db, auth, eventId, id);
}

/** Orders keep their copy of the code (orders.promo_code); their link is set to null by the database. */
export async function deletePromoCode({ db }: DbDeps, auth: AuthContext, eventId: string, id: string) {
  assertCan(auth, 'events:manage');
  await db.transaction(async (tx) => {
    await loadOwnedEvent(tx, auth, eventId);
    const row = await repo.findPromoCode(tx, auth.accountId, eventId, id);
    if (!row) throw notFound();
    await repo.deletePromoCode(tx, auth.accountId, id);
  });
}
