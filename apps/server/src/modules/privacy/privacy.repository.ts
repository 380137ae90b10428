import { and, desc, eq, sql } from 'drizzle-orm';
import { type Queryable, rowsOf } from '../../db/client.ts';
import { accounts, privacyRequests, users } from '../../db/schema/index.ts';
import type { ListParams } from '../../lib/pagination.ts';
import { isPseudonym } from '../../lib/personal-data.ts';

export type PrivacyRequestRow = typeof privacyRequests.$inferSelect;

export async function insertRequest(q: Queryable, values: typeof privacyRequests.$inferInsert) {
  await q.insert(privacyRequests).values(values);
}

export const requestListSpec = {
  sortable: { created_at: privacyRequests.created_at },
  defaultSort: { by: 'created_at', direction: 'desc' as const },
  filterable: { kind: { column: privacyRequests.kind, operators: ['eq' as const, 'in' as const] } },
};

export async function listRequests(q: Queryable, accountId: string, params: ListParams) {
  return q
    .select({ request: privacyRequests, first_name: users.first_name, last_name: users.last_name })
    .from(privacyRequests)
    .leftJoin(users, eq(users.id, privacyRequests.user_id))
    .where(and(eq(privacyRequests.account_id, accountId), params.where))
    .orderBy(params.orderBy, desc(privacyRequests.id))
    .limit(params.perPage)
    .offset(params.offset);
}

export async function countRequests(q: Queryable, accountId: string, params: ListParams) {
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(privacyRequests)
    .where(and(eq(privacyRequests.account_id, accountId), params.where));
  return Number(row?.n ?? 0);
}

export async function retentionDays(q: Queryable, accountId: string) {
  const [row] = await q
    .select({ days: accounts.personal_data_retention_days })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.days ?? null;
}

export async function setRetentionDays(q: Queryable, accountId: string, days: number | null) {
  await q.update(accounts).set({ personal_data_retention_days: days }).where(eq(accounts.id, accountId));
}

/** Accounts that set a retention period, with it. */
export async function accountsWithRetention(q: Queryable) {
  return q
    .select({ id: accounts.id, days: accounts.personal_data_retention_days })
    .from(accounts)
    .where(sql`${accounts.personal_data_retention_days} is not null`);
}

/**
 * The account's events that ended more than `days` ago (end date, else start date) and still hold some
 * buyer's address not yet pseudonymised.
 */
export async function eventsPastRetention(q: Queryable, accountId: string, days: number) {
  return rowsOf<{ id: string }>(
    await q.execute(sql`
      select e.id from events e
      where e.account_id = ${accountId}
        and coalesce(e.end_date, e.start_date) < now() - make_interval(days => ${days})
        and (exists (select 1 from orders o where o.event_id = e.id and o.email is not null
                       and not ${isPseudonym(sql`o.email`)})
          or exists (select 1 from attendees a where a.event_id = e.id and not ${isPseudonym(sql`a.email`)})
          or exists (select 1 from waitlist_entries w where w.event_id = e.id
                       and not ${isPseudonym(sql`w.email`)}))
      order by e.id`),
  ).map((r) => r.id);
}

/** What the public privacy notice of an event names; null for an unknown or draft event. */
export async function noticeSubject(q: Queryable, eventId: string) {
  const [row] = rowsOf<{
    event_name: string;
    organizer_name: string;
    support_email: string | null;
    organizer_email: string | null;
    retention_days: number | null;
  }>(
    await q.execute(sql`
      select e.name as event_name, o.name as organizer_name, e.settings ->> 'support_email' as support_email,
             o.email as organizer_email, a.personal_data_retention_days as retention_days
      from events e join organizers o on o.id = e.organizer_id and o.account_id = e.account_id
        join accounts a on a.id = e.account_id
      where e.id = ${eventId} and e.status <> 'DRAFT'`),
  );
  return row ?? null;
}
