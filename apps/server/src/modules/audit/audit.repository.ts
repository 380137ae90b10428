import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import { accounts, apiKeys, auditLog, auditSettings, events, users } from '../../db/schema/index.ts';
import { type ListSpec, likePattern } from '../../lib/pagination.ts';
import { one } from '../../lib/rows.ts';
import { idIn, PackedIds, packedIdsOf } from '../../lib/spreadsheet.ts';

export type AuditRow = typeof auditLog.$inferSelect;

export async function insertEntry(q: Queryable, values: typeof auditLog.$inferInsert) {
  return one(await q.insert(auditLog).values(values).returning());
}

/** The member's name and e-mail now, to keep with the entry. */
export async function findUserSnapshot(q: Queryable, userId: string) {
  const [row] = await q
    .select({ first_name: users.first_name, last_name: users.last_name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function findApiKeySnapshot(q: Queryable, accountId: string, keyId: string) {
  const [row] = await q
    .select({ name: apiKeys.name })
    .from(apiKeys)
    .where(and(eq(apiKeys.account_id, accountId), eq(apiKeys.id, keyId)));
  return row;
}

export const auditListSpec: ListSpec = {
  sortable: { created_at: auditLog.created_at },
  defaultSort: { by: 'created_at', direction: 'desc' },
  filterable: {
    action: { column: auditLog.action, operators: ['eq', 'in'] },
    actor_user_id: { column: auditLog.actor_user_id, operators: ['eq'], type: 'uuid' },
    actor_api_key_id: { column: auditLog.actor_api_key_id, operators: ['eq'], type: 'uuid' },
    event_id: { column: auditLog.event_id, operators: ['eq'], type: 'uuid' },
    organizer_id: { column: auditLog.organizer_id, operators: ['eq'], type: 'uuid' },
    target_type: { column: auditLog.target_type, operators: ['eq'] },
    target_id: { column: auditLog.target_id, operators: ['eq'] },
    created_at: { column: auditLog.created_at, operators: ['gte', 'lte', 'gt', 'lt'], type: 'date' },
  },
};

export interface AuditListWhere {
  where: SQL | undefined;
  query?: string;
  /** A member limited to these organizers sees the entries about their events and the account's own. */
  organizerIds: string[] | null;
}

/**
 * An entry about an event counts as its organizer's (order entries name only the event; a deleted event's
 * row stays, soft-deleted); entries about no event are the account's.
 */
function inScope(organizerIds: string[] | null) {
  if (organizerIds === null) return undefined;
  const ids = sql`${`{${organizerIds.join(',')}}`}::uuid[]`;
  return or(
    and(isNull(auditLog.event_id), isNull(auditLog.organizer_id)),
    sql`exists (select 1 from ${events} where ${events.id} = ${auditLog.event_id} and ${events.organizer_id} = any(${ids}))`,
    and(isNull(auditLog.event_id), sql`${auditLog.organizer_id} = any(${ids})`),
  );
}

function listWhere(accountId: string, opts: AuditListWhere) {
  const search = opts.query ? likePattern(opts.query) : undefined;
  return and(
    eq(auditLog.account_id, accountId),
    opts.where,
    inScope(opts.organizerIds),
    search
      ? or(
          ilike(auditLog.actor_name, search),
          ilike(auditLog.actor_email, search),
          ilike(auditLog.target_label, search),
          ilike(auditLog.target_id, search),
        )
      : undefined,
  );
}

export async function listEntries(
  q: Queryable,
  accountId: string,
  opts: AuditListWhere & { orderBy: SQL; limit: number; offset: number },
) {
  const where = listWhere(accountId, opts);
  const [rows, [count]] = await Promise.all([
    q
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(opts.orderBy, desc(auditLog.id))
      .limit(opts.limit)
      .offset(opts.offset),
    q.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The ids of the list's entries in its order, for the export (see `PackedIds`). */
export async function listEntryIds(q: Queryable, accountId: string, opts: AuditListWhere & { orderBy: SQL }) {
  const [row] = await q
    .select({ ids: packedIdsOf(auditLog.id, opts.orderBy) })
    .from(auditLog)
    .where(listWhere(accountId, opts));
  return new PackedIds(row?.ids ?? null);
}

export function findEntries(q: Queryable, accountId: string, idList: string) {
  return q
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.account_id, accountId), idIn(auditLog.id, idList)));
}

export async function findRetentionDays(q: Queryable, accountId: string) {
  const [row] = await q
    .select({ retention_days: auditSettings.retention_days })
    .from(auditSettings)
    .where(eq(auditSettings.account_id, accountId));
  return row?.retention_days;
}

export async function upsertRetentionDays(q: Queryable, accountId: string, days: number) {
  await q
    .insert(auditSettings)
    .values({ account_id: accountId, retention_days: days })
    .onConflictDoUpdate({
      target: auditSettings.account_id,
      set: { retention_days: days, updated_at: sql`now()` },
    });
}

/**
 * Deletes entries older than their account's retention (the default for accounts without a setting), a
 * batch per statement; answers how many.
 */
export async function deleteExpired(q: Queryable, defaultDays: number, batch = 5000) {
  let total = 0;
  for (;;) {
    const deleted = rowsOf<{ id: string }>(
      await q.execute(sql`
      delete from audit_log where id in (
        select l.id from audit_log l
        left join audit_settings s on s.account_id = l.account_id
        where l.created_at < now() - make_interval(days => coalesce(s.retention_days, ${defaultDays}))
        limit ${batch}
      ) returning id`),
    ).length;
    total += deleted;
    if (deleted < batch) return total;
  }
}

/** The account's time zone: the export's dates are its wall clock. */
export async function findAccountTimezone(q: Queryable, accountId: string) {
  const [row] = await q
    .select({ timezone: accounts.timezone })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.timezone;
}
