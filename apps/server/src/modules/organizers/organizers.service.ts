import type {
  CreateOrganizerInput,
  Organizer,
  UpdateOrganizerInput,
} from '@taquilla/shared/schemas/organizers';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import { uploadUrl } from '../../lib/upload-url.ts';
import { organizerMessages } from './organizers.messages.ts';
import * as repo from './organizers.repository.ts';

export function presentOrganizer(row: repo.OrganizerWithCount): Organizer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    website: row.website,
    description: row.description,
    logo_url: row.logo_path ? uploadUrl(row.logo_path) : null,
    events_count: row.events_count,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listOrganizers({ db }: DbDeps, auth: AuthContext, query: Record<string, unknown>) {
  const params = parseListQuery(query, repo.organizerListSpec);
  assertCan(auth, 'events:read');
  const { rows, total } = await repo.listOrganizers(db, auth.accountId, params, auth.organizerIds);
  return { data: rows.map(presentOrganizer), meta: listMeta(total, params) };
}

/** The organizer of the caller's account, or 404 (also for another account's id). */
export async function getOrganizer({ db }: DbDeps, auth: AuthContext, id: string) {
  assertCan(auth, 'events:read');
  const row = await repo.findOrganizer(db, auth.accountId, id);
  // A member limited to some organizers does not see the others (the events module's scope rule).
  if (!row || (auth.organizerIds !== null && !auth.organizerIds.includes(id))) throw notFound();
  return row;
}

export async function createOrganizer({ db }: DbDeps, auth: AuthContext, input: CreateOrganizerInput) {
  assertCan(auth, 'events:manage');
  const row = await repo.insertOrganizer(db, {
    account_id: auth.accountId,
    name: input.name,
    email: input.email ?? null,
    website: input.website ?? null,
    description: input.description || null,
  });
  return { ...row, events_count: 0 };
}

export async function updateOrganizer(
  { db }: DbDeps,
  auth: AuthContext,
  id: string,
  input: UpdateOrganizerInput,
) {
  assertCan(auth, 'events:manage');
  const current = await getOrganizer({ db }, auth, id);
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.email !== undefined ? { email: input.email ?? null } : {}),
    ...(input.website !== undefined ? { website: input.website ?? null } : {}),
    ...(input.description !== undefined ? { description: input.description || null } : {}),
  };
  // An empty change (`{}`) changes nothing: there is nothing to send to the database.
  if (Object.keys(changes).length === 0) return current;
  const row = await repo.updateOrganizer(db, auth.accountId, id, changes);
  if (!row) throw notFound();
  return { ...row, events_count: current.events_count };
}

export async function setOrganizerLogo(
  { db }: DbDeps,
  auth: AuthContext,
  id: string,
  logoPath: string | null,
) {
  assertCan(auth, 'events:manage');
  const current = await getOrganizer({ db }, auth, id);
  const row = await repo.updateOrganizer(db, auth.accountId, id, { logo_path: logoPath });
  if (!row) throw notFound();
  return { previous: current.logo_path, organizer: { ...row, events_count: current.events_count } };
}

export async function deleteOrganizer({ db }: DbDeps, auth: AuthContext, id: string) {
  assertCan(auth, 'events:manage');
  const current = await getOrganizer({ db }, auth, id);
  if (current.events_count > 0) throw conflict(organizerMessages['organizers.has_events']);
  await repo.updateOrganizer(db, auth.accountId, id, { deleted_at: new Date() });
}

/** Whether a live organizer with this id belongs to the account (events check their organizer). */
export async function organizerExists({ db }: DbDeps, accountId: string, id: string) {
  return Boolean(await repo.findOrganizer(db, accountId, id));
}
