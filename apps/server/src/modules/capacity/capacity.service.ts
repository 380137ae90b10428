import type { CapacityAssignment, CapacityAssignmentInput } from '@taquilla/shared/schemas/capacity';
import type { Queryable } from '../../db/client.ts';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import { areEventDates } from '../event-dates/date-filter.ts';
import { loadDateRefs, refOf } from '../event-dates/date-refs.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { loadStockLevels, type StockLevels } from '../tickets/availability.ts';
import { unknownTicketIds } from '../tickets/tickets.service.ts';
import { capacityMessages as m } from './capacity.messages.ts';
import * as repo from './capacity.repository.ts';

/*
 * Dates (#27). An assignment applies to every date of its event unless it lists dates
 * (`capacity_assignment_dates`). Either way its capacity is ONE limit shared by the units of all the dates
 * it applies to — as it was before dates could be listed, so existing assignments keep their meaning.
 * Listing dates narrows it: it counts, and limits, only orders on those dates; orders on other dates
 * ignore it. A venue that needs "80 balcony seats on each date" uses the date's own capacity, or one
 * assignment per date. Enforced under the locks of the one reservation path (`stock_levels`, migration
 * 0034).
 */

type DateRefs = Awaited<ReturnType<typeof loadDateRefs>>;

/**
 * Used = units sold or reserved (not expired) of its tickets (on its dates when limited), whether the
 * assignment is active or not.
 */
function present(row: repo.CapacityRow, levels: StockLevels, dates: DateRefs): CapacityAssignment {
  const level = levels.capacities.get(row.id) ?? { used: 0, remaining: row.capacity };
  return {
    id: row.id,
    event_id: row.event_id,
    name: row.name,
    capacity: row.capacity,
    status: row.status,
    ticket_ids: row.ticket_ids,
    event_date_ids: row.event_date_ids,
    event_dates: row.event_date_ids
      .map((id) => refOf(dates, id))
      .filter((d) => d !== null)
      .sort((a, b) => a.starts_at.localeCompare(b.starts_at)),
    used: level.used,
    remaining: level.remaining,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listCapacities(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  raw: Record<string, unknown>,
) {
  assertCan(auth, 'events:read');
  const params = parseListQuery(raw, repo.capacityListSpec);
  await loadOwnedEvent(db, auth, eventId);
  const [{ rows, total }, levels] = await Promise.all([
    repo.listCapacities(db, auth.accountId, eventId, params),
    loadStockLevels(db, eventId),
  ]);
  const dates = await loadDateRefs(
    db,
    rows.flatMap((r) => r.event_date_ids),
  );
  return { data: rows.map((r) => present(r, levels, dates)), meta: listMeta(total, params) };
}

export async function getCapacity(q: Queryable, auth: AuthContext, eventId: string, id: string) {
  assertCan(auth, 'events:read');
  await loadOwnedEvent(q, auth, eventId);
  const row = await repo.findCapacity(q, auth.accountId, eventId, id);
  if (!row) throw notFound();
  const [levels, dates] = await Promise.all([
    loadStockLevels(q, eventId, row.ticket_ids),
    loadDateRefs(q, row.event_date_ids),
  ]);
  return present(row, levels, dates);
}

async function checkTickets(q: Queryable, eventId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if ((await unknownTicketIds(q, eventId, unique)).length) {
    throw invalid({ ticket_ids: m['capacity.unknown_ticket'] });
  }
  return unique;
}

async function checkDates(q: Queryable, accountId: string, eventId: string, ids: string[] | undefined) {
  const unique = [...new Set(ids ?? [])];
  if (!(await areEventDates(q, accountId, eventId, unique))) {
    throw invalid({ event_date_ids: m['capacity.unknown_date'] });
  }
  return unique;
}

export async function createCapacity(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  input: CapacityAssignmentInput,
) {
  assertCan(auth, 'events:manage');
  const id = await db.transaction(async (tx) => {
    await loadOwnedEvent(tx, auth, eventId);
    const ticketIds = await checkTickets(tx, eventId, input.ticket_ids);
    const dateIds = await checkDates(tx, auth.accountId, eventId, input.event_date_ids);
    const row = await repo.insertCapacity(tx, {
      account_id: auth.accountId,
      event_id: eventId,
      name: input.name,
      capacity: input.capacity,
      status: input.status ?? 'ACTIVE',
    });
    await repo.replaceCapacityTickets(tx, row.id, ticketIds);
    await repo.replaceCapacityDates(tx, row.id, dateIds);
    return row.id;
  });
  return getCapacity(db, auth, eventId, id);
}

/** An active assignment cannot be set below what its tickets already hold (it would oversell). */
export async function updateCapacity(
  { db }: DbDeps,
  auth: AuthContext,
  eventId: string,
  id: string,
  input: CapacityAssignmentInput,
) {
  assertCan(auth, 'events:manage');
  await db.transaction(async (tx) => {
    await loadOwnedEvent(tx, auth, eventId);
    const row = await repo.findCapacity(tx, auth.accountId, eventId, id, true);
    if (!row) throw notFound();
    const ticketIds = await checkTickets(tx, eventId, input.ticket_ids);
    const dateIds = await checkDates(tx, auth.accountId, eventId, input.event_date_ids);
    const status = input.status ?? row.status;
    await repo.updateCapacity(tx, auth.accountId, id, { name: input.name, capacity: input.capacity, status });
    await repo.replaceCapacityTickets(tx, id, ticketIds);
    await repo.replaceCapacityDates(tx, id, dateIds);
    if (status === 'ACTIVE') {
      // What its new tickets and dates already hold, counted as checkout will (the row is locked).
      const used = (await loadStockLevels(tx, eventId, ticketIds)).capacities.get(id)?.used ?? 0;
      if (input.capacity < used) throw conflict(m['capacity.below_used'], { used });
    }
  });
  return getCapacity(db, auth, eventId, id);
}

export async function deleteCapacity({ db }: DbDeps, auth: AuthContext, eventId: string, id: string) {
  assertCan(auth, 'events:manage');
  await db.transaction(async (tx) => {
    await loadOwnedEvent(tx, auth, eventId);
    const row = await repo.findCapacity(tx, auth.accountId, eventId, id, true);
    if (!row) throw notFound();
    await repo.deleteCapacity(tx, auth.accountId, id);
  });
}
