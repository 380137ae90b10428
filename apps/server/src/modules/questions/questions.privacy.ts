import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf, type Tx } from '../../db/client.ts';
import { type ErasureTarget, type PersonalDataKind, targetSql } from '../../lib/personal-data.ts';

/**
 * Answers to the event's questions (phones, addresses, free text…): the buyer's, kept on their orders,
 * and each ticket holder's, kept on their attendee row. Erasing removes them all. The questions module
 * owns what is asked; the answers sit in `orders.answers` and `attendees.answers`.
 */
export const answersPersonalData: PersonalDataKind = {
  kind: 'answers',

  async personalDataOf(q: Queryable, accountId: string, email: string) {
    return rowsOf(
      await q.execute(sql`
        select 'ORDER' as belongs_to, o.short_id as order_short_id, null as attendee_short_id,
               e.name as event_name, coalesce(qu.title, a.key) as question, a.value as answer
        from orders o join events e on e.id = o.event_id
          cross join lateral jsonb_each(o.answers) a
          left join questions qu on qu.id::text = a.key and qu.account_id = o.account_id
        where o.account_id = ${accountId} and lower(o.email) = ${email}
        union all
        select 'ATTENDEE', o.short_id, at.short_id, e.name, coalesce(qu.title, a.key), a.value
        from attendees at join orders o on o.id = at.order_id join events e on e.id = at.event_id
          cross join lateral jsonb_each(at.answers) a
          left join questions qu on qu.id::text = a.key and qu.account_id = at.account_id
        where at.account_id = ${accountId} and lower(at.email) = ${email}
        order by 2, 3 nulls first, 5`),
    );
  },

  /** Counts answers removed (one per question answered). */
  async erasePersonalData(tx: Tx, accountId: string, target: ErasureTarget) {
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with o as (
          update orders x set answers = '{}'::jsonb, updated_at = now()
          from (select id, answers from orders
                where account_id = ${accountId} and answers <> '{}'::jsonb
                  and ${targetSql(target, sql`email`, sql`event_id`)}) old
          where x.id = old.id returning (select count(*) from jsonb_object_keys(old.answers)) as n
        ), a as (
          update attendees x set answers = '{}'::jsonb, updated_at = now()
          from (select id, answers from attendees
                where account_id = ${accountId} and answers <> '{}'::jsonb
                  and ${targetSql(target, sql`email`, sql`event_id`)}) old
          where x.id = old.id returning (select count(*) from jsonb_object_keys(old.answers)) as n
        )
        select (coalesce((select sum(n) from o), 0) + coalesce((select sum(n) from a), 0))::int as n`),
    );
    return { erased: Number(row?.n ?? 0), kept: 0 };
  },
};
