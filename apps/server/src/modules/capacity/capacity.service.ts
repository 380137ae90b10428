import type { CapacityAssignment, CapacityAssignmentInput } from '@taquilla/shared/schemas/capacity';
import type { Queryable } from '../../db/client.ts';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import { loadOwnedEvent } from '../events/owned-event.ts';
import { loadStockLevels, type StockLevels } from '../tickets/availability.ts';
import { unknownTicketIds } from '../tickets/tickets.service.ts';
import { capacityMessages as m } from './capacity.messages.ts';
import * as repo from './capacity.repository.ts';

/** Used = units sold or reserved (not expired) of its tickets, whether the assignment is active or not. */
function present(row: repo.CapacityRow, levels: StockLevels): CapacityAssignment {
  const level = levels.capacities.get(row.id) ?? { used: 0, remaining: row.capacity };
  return {
    id: row.id,
    event_id: row.event_id,
    name: row.name,
    capacity: row.capacity,
    status: row.status,
    ticket_ids: row.ticket_ids,
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
  return { data: rows.map((r) => present(r, levels)), meta: listMeta(total, params) };
}

export async function getCapacity(q: Queryable, auth: AuthContext, eventId: string, id: string) {
  assertCan(auth, 'events:read');
  await loadOwnedEvent(q, auth, eventId);
  const row = await repo.findCapacity(q, auth.accountId, eventId, id);
  if (!row) throw notFound();
  return present(row, await loadStockLevels(q, eventId, row.ticket_ids));
}

async function checkTickets(q: Queryable, eventId: string, ids: string[]) {
  const unique = [...new Set(ids)];
  if ((await unknownTicketIds(q, eventId, unique)).length) {
    throw invalid({ ticket_ids: m['capacity.unknown_ticket'] });
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
    const row = await repo.insertCapacity(tx, {
      account_id: auth.accountId,
      event_id: eventId,
      name: input.name,
      capacity: input.capacity,
      status: input.status ?? 'ACTIVE',
    });
    await repo.replaceCapacityTickets(tx, row.id, ticketIds);
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
    const status = input.status ?? row.status;
    if (status === 'ACTIVE') {
      const levels = await loadStockLevels(tx, eventId, ticketIds);
      const used = ticketIds.reduce((sum, t) => sum + (levels.tickets.get(t)?.held ?? 0), 0);
      if (input.capacity < used) throw conflict(m['capacity.below_used'], { used });
    }
    await repo.updateCapacity(tx, auth.accountId, id, { name: input.name, capacity: input.capacity, status });
    await repo.replaceCapacityTickets(tx, id, ticketIds);
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
