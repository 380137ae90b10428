import type { Locale } from '@taquilla/shared';
import {
  AUDIT_ACTIONS,
  AUDIT_RETENTION_DEFAULT_DAYS,
  type AuditAction,
  type AuditChange,
  type AuditEntry,
  type AuditSettings,
  type UpdateAuditSettingsInput,
} from '@taquilla/shared/schemas/audit';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import type { DbDeps } from '../../deps.ts';
import { type AuthContext, assertCan } from '../../lib/auth.ts';
import { invalid } from '../../lib/errors.ts';
import { t } from '../../lib/i18n.ts';
import { listMeta, parseListQuery } from '../../lib/pagination.ts';
import { currentRequestContext } from '../../lib/request-context.ts';
import { type ExportFormat, type ExportSheet, inIdOrder, wallClock } from '../../lib/spreadsheet.ts';
import { auditActionMessages, auditMessages as m } from './audit.messages.ts';
import * as repo from './audit.repository.ts';
import { redactChanges } from './redact.ts';

/** One traced change, as an owning service describes it (`audit.record`). */
export interface AuditRecord {
  action: AuditAction;
  /** The thing changed: its kind (`order`, `event`, `member`…), id and what it is called now. */
  target?: { type: string; id: string; label?: string | null };
  eventId?: string | null;
  organizerId?: string | null;
  /** Field → before/after; secrets are redacted here whatever the caller passes. */
  changes?: Record<string, AuditChange>;
  /** Outside a request (a job, a provider's webhook): whose account it is. Inside one: the caller's. */
  accountId?: string;
}

/**
 * Records one change, in the caller's transaction when it has one (`q`), so the entry exists exactly when
 * the change does. Who and from where come from the request context (lib/request-context.ts): the member,
 * or the API key, with their name as it is now; none outside a request (the system).
 */
export async function record(q: Queryable, entry: AuditRecord): Promise<void> {
  const context = currentRequestContext();
  const auth = context?.auth ?? null;
  const accountId = entry.accountId ?? auth?.accountId;
  if (!accountId) throw new Error(`audit ${entry.action}: no account (outside a request, pass accountId)`);
  const sameAccount = auth !== null && auth.accountId === accountId;
  let actor: Pick<repo.AuditRow, 'actor_user_id' | 'actor_api_key_id' | 'actor_name' | 'actor_email'> = {
    actor_user_id: null,
    actor_api_key_id: null,
    actor_name: null,
    actor_email: null,
  };
  if (sameAccount && auth.apiKey) {
    const key = await repo.findApiKeySnapshot(q, accountId, auth.apiKey.id);
    actor = { ...actor, actor_api_key_id: auth.apiKey.id, actor_name: key?.name ?? null };
  } else if (sameAccount) {
    const user = await repo.findUserSnapshot(q, auth.userId);
    actor = {
      ...actor,
      actor_user_id: auth.userId,
      actor_name: user ? `${user.first_name} ${user.last_name}`.trim() : null,
      actor_email: user?.email ?? null,
    };
  }
  await repo.insertEntry(q, {
    account_id: accountId,
    action: entry.action,
    ...actor,
    target_type: entry.target?.type ?? null,
    target_id: entry.target?.id ?? null,
    target_label: entry.target?.label ?? null,
    event_id: entry.eventId ?? null,
    organizer_id: entry.organizerId ?? null,
    ip: context?.ip ?? null,
    user_agent: context?.userAgent ?? null,
    changes: redactChanges(entry.changes ?? {}),
  });
}

function actorType(row: repo.AuditRow): AuditEntry['actor']['type'] {
  if (row.actor_api_key_id) return 'API_KEY';
  return row.actor_user_id ? 'USER' : 'SYSTEM';
}

export function presentEntry(row: repo.AuditRow, locale: Locale): AuditEntry & { action_label: string } {
  return {
    id: row.id,
    action: row.action as AuditAction,
    action_label: actionLabel(locale, row.action),
    actor: {
      type: actorType(row),
      user_id: row.actor_user_id,
      api_key_id: row.actor_api_key_id,
      name: row.actor_name,
      email: row.actor_email,
    },
    target_type: row.target_type,
    target_id: row.target_id,
    target_label: row.target_label,
    event_id: row.event_id,
    organizer_id: row.organizer_id,
    ip: row.ip,
    user_agent: row.user_agent,
    changes: row.changes,
    created_at: row.created_at.toISOString(),
  };
}

function actionLabel(locale: Locale, action: string): string {
  const key = `audit.action.${action}` as keyof typeof auditActionMessages;
  return Object.hasOwn(auditActionMessages, key) ? t(locale, auditActionMessages[key]) : action;
}

export function listActions(auth: AuthContext, locale: Locale) {
  assertCan(auth, 'audit:read');
  return AUDIT_ACTIONS.map((action) => ({ action, label: actionLabel(locale, action) }));
}

export async function listEntries(
  { db }: DbDeps,
  auth: AuthContext,
  raw: Record<string, unknown>,
  locale: Locale,
) {
  assertCan(auth, 'audit:read');
  const params = parseListQuery(raw, repo.auditListSpec);
  const { rows, total } = await repo.listEntries(db, auth.accountId, {
    where: params.where,
    query: params.query,
    organizerIds: auth.organizerIds,
    orderBy: params.orderBy,
    limit: params.perPage,
    offset: params.offset,
  });
  return { data: rows.map((r) => presentEntry(r, locale)), meta: listMeta(total, params) };
}

const exportFormatSchema = z.enum(['csv', 'xlsx']).default('csv');

/**
 * The entries the list shows (same search, filters and order) as a sheet; dates on the account's wall
 * clock, actions in the caller's language, the changes as JSON. The export itself is recorded.
 */
export async function exportEntries(
  { db }: DbDeps,
  auth: AuthContext,
  raw: Record<string, unknown>,
  locale: Locale,
): Promise<{ format: ExportFormat; sheet: ExportSheet }> {
  assertCan(auth, 'audit:read');
  const { format: rawFormat, page: _p, per_page: _pp, ...query } = raw;
  const format = exportFormatSchema.safeParse(rawFormat);
  if (!format.success) throw invalid({ format: m['audit.export_format'] });
  const params = parseListQuery(query, repo.auditListSpec);
  const timeZone = (await repo.findAccountTimezone(db, auth.accountId)) ?? 'UTC';
  const ids = await repo.listEntryIds(db, auth.accountId, {
    where: params.where,
    query: params.query,
    organizerIds: auth.organizerIds,
    orderBy: params.orderBy,
  });
  await record(db, {
    action: 'audit.exported',
    changes: {
      format: { after: format.data },
      filters: { after: params.filters },
      rows: { after: ids.length },
    },
  });
  const system = t(locale, m['audit.actor_system']);
  async function* rows() {
    const read = (idList: string) => repo.findEntries(db, auth.accountId, idList);
    for await (const row of inIdOrder(ids, read, (r) => r.id)) {
      yield [
        wallClock(row.created_at, timeZone),
        actionLabel(locale, row.action),
        row.action,
        row.actor_name ?? (row.actor_user_id || row.actor_api_key_id ? null : system),
        row.actor_email,
        row.actor_api_key_id,
        row.target_type,
        row.target_id,
        row.target_label,
        row.event_id,
        row.organizer_id,
        row.ip,
        row.user_agent,
        JSON.stringify(row.changes),
      ];
    }
  }
  return {
    format: format.data,
    sheet: {
      filename: 'audit-log',
      sheetName: t(locale, m['audit.sheet_name']),
      header: t(locale, m['audit.csv_header']).split('|'),
      rows: rows(),
    },
  };
}

export async function getSettings({ db }: DbDeps, auth: AuthContext): Promise<AuditSettings> {
  assertCan(auth, 'audit:read');
  return {
    retention_days: (await repo.findRetentionDays(db, auth.accountId)) ?? AUDIT_RETENTION_DEFAULT_DAYS,
  };
}

export async function updateSettings(
  { db }: DbDeps,
  auth: AuthContext,
  input: UpdateAuditSettingsInput,
): Promise<AuditSettings> {
  assertCan(auth, 'account:manage');
  return db.transaction(async (tx) => {
    const before = (await repo.findRetentionDays(tx, auth.accountId)) ?? AUDIT_RETENTION_DEFAULT_DAYS;
    await repo.upsertRetentionDays(tx, auth.accountId, input.retention_days);
    if (before !== input.retention_days) {
      await record(tx, {
        action: 'audit.retention_changed',
        changes: { retention_days: { before, after: input.retention_days } },
      });
    }
    return { retention_days: input.retention_days };
  });
}

/** The daily sweep: every account's entries older than its retention go. */
export function purgeExpired({ db }: DbDeps): Promise<number> {
  return repo.deleteExpired(db, AUDIT_RETENTION_DEFAULT_DAYS);
}

/** Several entries in a row (`memberChanges` may give more than one). */
export async function recordAll(q: Queryable, entries: AuditRecord[]): Promise<void> {
  for (const entry of entries) await record(q, entry);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/**
 * The fields that differ between two versions of a thing (`fields`: only those), as before → after.
 * Dates become ISO strings.
 */
export function changesBetween<T extends object>(
  before: T | null | undefined,
  after: T | null | undefined,
  fields?: readonly (keyof T & string)[],
): Record<string, AuditChange> {
  const names = fields ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const out: Record<string, AuditChange> = {};
  for (const name of names) {
    const b = plain((before as Record<string, unknown> | null | undefined)?.[name]);
    const a = plain((after as Record<string, unknown> | null | undefined)?.[name]);
    if (!same(b, a)) out[name] = { before: b ?? null, after: a ?? null };
  }
  return out;
}

/**
 * Entries about common things, built from their rows' plain fields (the audit module imports no other
 * module: the owning services pass their rows in).
 */
interface EventLike {
  id: string;
  name?: string;
  slug?: string;
  organizer_id: string;
  status?: string;
}

export const aboutEvent = (event: EventLike) => ({
  target: { type: 'event', id: event.id, label: event.name ?? event.slug ?? null },
  eventId: event.id,
  organizerId: event.organizer_id,
});

const STATUS_ACTIONS: Record<string, AuditAction> = {
  'DRAFT>LIVE': 'event.published',
  'LIVE>DRAFT': 'event.unpublished',
  'DRAFT>ARCHIVED': 'event.archived',
  'LIVE>ARCHIVED': 'event.archived',
  'ARCHIVED>DRAFT': 'event.restored',
};

/** Publishing, unpublishing, archiving or restoring an event; null when the status did not change. */
export function eventStatusChange(before: EventLike, after: EventLike): AuditRecord | null {
  const action = STATUS_ACTIONS[`${before.status}>${after.status}`];
  if (!action) return null;
  return { action, ...aboutEvent(after), changes: changesBetween(before, after, ['status']) };
}

const PAYMENT_FIELDS = ['payment_providers', 'offline_payment_instructions'] as const;

/** An event's payment methods or offline instructions changed (where buyers send money); else null. */
export function eventPaymentChange(
  event: EventLike,
  before: Partial<Record<(typeof PAYMENT_FIELDS)[number], unknown>>,
  after: Partial<Record<(typeof PAYMENT_FIELDS)[number], unknown>>,
): AuditRecord | null {
  const changes = changesBetween(before, after, PAYMENT_FIELDS);
  if (Object.keys(changes).length === 0) return null;
  return { action: 'event.payment_settings_updated', ...aboutEvent(event), changes };
}

interface MemberLike {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  status: string;
  organizer_ids: string[] | null;
}

export const aboutMember = (m: Pick<MemberLike, 'id' | 'email' | 'first_name' | 'last_name'>) => ({
  target: { type: 'member', id: m.id, label: `${m.first_name} ${m.last_name} <${m.email}>`.trim() },
});

/**
 * What an edit of a member amounts to: a role change, a removal (deactivated), a reactivation, a change of
 * the organizers they are limited to; `after` holds only what the edit sets.
 */
export function memberChanges(
  member: MemberLike,
  after: Partial<Pick<MemberLike, 'role' | 'status' | 'organizer_ids'>>,
): AuditRecord[] {
  const about = aboutMember(member);
  const entries: AuditRecord[] = [];
  if (after.role !== undefined && after.role !== member.role) {
    entries.push({
      action: 'member.role_changed',
      ...about,
      changes: changesBetween(member, after, ['role']),
    });
  }
  if (after.status !== undefined && after.status !== member.status) {
    const action = after.status === 'INACTIVE' ? 'member.removed' : 'member.reactivated';
    entries.push({ action, ...about, changes: changesBetween(member, after, ['status']) });
  }
  if (after.organizer_ids !== undefined) {
    const changes = changesBetween(member, after, ['organizer_ids']);
    if (Object.keys(changes).length) entries.push({ action: 'member.organizers_changed', ...about, changes });
  }
  return entries;
}

interface OrderLike {
  id: string;
  short_id: string;
  event_id: string;
}

export const aboutOrder = (order: OrderLike) => ({
  target: { type: 'order', id: order.id, label: order.short_id },
  eventId: order.event_id,
});

const EXPORT_ACTIONS: Record<string, AuditAction> = {
  orders: 'orders.exported',
  attendees: 'attendees.exported',
};

/** A download of an event's personal data (orders, attendees): which event, format, filters and rows. */
export function listExported(
  list: string,
  event: EventLike,
  download: { format: string; filters: unknown; query?: string; rows: number },
): AuditRecord | null {
  const action = EXPORT_ACTIONS[list];
  if (!action) return null;
  const changes = Object.fromEntries(
    Object.entries(download)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, { after: v }]),
  );
  return { action, ...aboutEvent(event), changes };
}

/** A check-in list: its door link opens the attendees' names to whoever holds it. */
export const aboutCheckInList = (list: { id: string; name: string }, event: EventLike) => ({
  target: { type: 'check_in_list', id: list.id, label: list.name },
  eventId: event.id,
  organizerId: event.organizer_id,
});
