import type {
  Affiliate,
  AffiliateInput,
  PromoterDetailStats,
  PromoterStats,
} from '@taquilla/shared/schemas/affiliates';
import type { Queryable } from '../../db/client.ts';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict, invalid, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { COMPLETED_ORDERS, REFUNDED_MONEY, SOLD_ORDERS } from '../order-lifecycle/order-lifecycle.ts';
import { affiliateMessages as m } from './affiliates.messages.ts';
import * as repo from './affiliates.repository.ts';

/** An affiliate's sales: completed orders credited to it, less what was refunded of them. */
const SALES: repo.SalesRule = { statuses: COMPLETED_ORDERS, refunds: REFUNDED_MONEY };

function present(row: repo.AffiliateRow, sales = repo.NO_SALES): Affiliate {
  return {
    id: row.id,
    event_id: row.event_id,
    name: row.name,
    code: row.code,
    email: row.email,
    status: row.status,
    sales,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listAffiliates(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  raw: Record<string, unknown>,
) {
  assertCan(auth, 'events:read');
  const params = parseListQuery(raw, repo.affiliateListSpec);
  await loadOwnedEvent(db, auth, eventId);
  const [{ rows, total }, sales] = await Promise.all([
    repo.listAffiliates(db, auth.accountId, eventId, params),
    repo.salesByAffiliate(db, eventId, SALES),
  ]);
  return { data: rows.map((r) => present(r, sales.get(r.id))), meta: listMeta(total, params) };
}

async function ownedAffiliate(q: Queryable, auth: AuthContext, eventId: string, id: string) {
  assertCan(auth, 'events:read');
  const event = await loadOwnedEvent(q, auth, eventId);
  const row = await repo.findAffiliate(q, auth.accountId, eventId, id);
  if (!row) throw notFound();
  return { event, row };
}

export async function getAffiliate(q: Queryable, auth: AuthContext, eventId: string, id: string) {
  const { row } = await ownedAffiliate(q, auth, eventId, id);
  return present(row, (await repo.salesByAffiliate(q, eventId, SALES)).get(row.id));
}

async function values(q: Queryable, eventId: string, input: AffiliateInput, exceptId?: string) {
  if (await repo.findByCode(q, eventId, input.code, exceptId))
    throw invalid({ code: m['affiliates.code_taken'] });
  return { name: input.name, code: input.code, email: input.email ?? null, status: input.status ?? 'ACTIVE' };
}

/** Two requests racing on the same code: the unique index decides, the loser gets the same 422. */
async function codeSafe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw invalid({ code: m['affiliates.code_taken'] });
    throw err;
  }
}

export async function createAffiliate(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  input: AffiliateInput,
) {
  assertCan(auth, 'events:manage');
  const row = await codeSafe(() =>
    db.transaction(async (tx) => {
      await loadOwnedEvent(tx, auth, eventId);
      return repo.insertAffiliate(tx, {
        ...(await values(tx, eventId, input)),
        account_id: auth.accountId,
        event_id: eventId,
      });
    }),
  );
  return present(row);
}

export async function updateAffiliate(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  id: string,
  input: AffiliateInput,
) {
  assertCan(auth, 'events:manage');
  await codeSafe(() =>
    db.transaction(async (tx) => {
      await ownedAffiliate(tx, auth, eventId, id);
      await repo.updateAffiliate(tx, auth.accountId, id, await values(tx, eventId, input, id));
    }),
  );
  return getAffiliate(db, auth, eventId, id);
}

/** Only affiliates without sales: the ones with sales are deactivated instead, so their figures stay. */
export async function deleteAffiliate({ db }: DbDeps, auth: AuthContext, eventId: string, id: string) {
  assertCan(auth, 'events:manage');
  await db.transaction(async (tx) => {
    await ownedAffiliate(tx, auth, eventId, id);
    // Sales paid or promised (awaiting offline payment) forbid deleting it.
    if ((await repo.countOrders(tx, auth.accountId, id, SOLD_ORDERS)) > 0)
      throw conflict(m['affiliates.has_sales']);
    await repo.deleteAffiliate(tx, auth.accountId, id);
  });
}

/** The event's affiliate figures (sales are completed orders, less their refunds): how much of its sales came through affiliates, and the top ten. */
export async function promoterStats(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
): Promise<PromoterStats> {
  assertCan(auth, 'reports:read');
  const meta = await loadOwnedEvent(db, auth, eventId);
  const [sales, totals, all] = await Promise.all([
    repo.salesByAffiliate(db, eventId, SALES),
    repo.eventSales(db, eventId, SALES),
    repo.allAffiliates(db, auth.accountId, eventId),
  ]);
  const top = all
    .map((r) => present(r, sales.get(r.id)))
    .sort(
      (a, b) =>
        b.sales.net_revenue_cents - a.sales.net_revenue_cents || b.sales.orders_count - a.sales.orders_count,
    )
    .slice(0, 10)
    .map(({ id, name, code, status, sales }) => ({ id, name, code, status, sales }));
  return {
    currency: meta.currency,
    affiliates_count: all.length,
    affiliate_sales: totals.affiliate,
    event_sales: totals.all,
    top,
  };
}

export async function promoterDetailStats(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  affiliateId: string,
): Promise<PromoterDetailStats> {
  assertCan(auth, 'reports:read');
  const { row, event: meta } = await ownedAffiliate(db, auth, eventId, affiliateId);
  const [sales, daily] = await Promise.all([
    repo.salesByAffiliate(db, eventId, SALES),
    repo.dailySales(db, eventId, affiliateId, meta.timezone, SALES),
  ]);
  return {
    currency: meta.currency,
    affiliate: present(row, sales.get(row.id)),
    daily: [...daily.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([date, s]) => ({ date, ...s })),
  };
}
