import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf, type Tx } from '../db/client.ts';
import { SEND_EMAIL_JOB } from './mailer.ts';
import {
  type ErasureTarget,
  isoSql,
  type PersonalDataKind,
  pseudonymSql,
  targetSql,
} from './personal-data.ts';

/**
 * E-mails of the account kept in the job queue (sent, failed or waiting): their payloads hold the address
 * and the whole message. Erasing keeps only what says an e-mail existed (its refs, for the order's e-mail
 * log) with the pseudonym as recipient; one not sent yet is given up.
 */
export const emailJobsPersonalData: PersonalDataKind = {
  kind: 'emails',

  async personalDataOf(q: Queryable, accountId: string, email: string) {
    return rowsOf(
      await q.execute(sql`
        select payload ->> 'to' as "to", payload ->> 'subject' as subject, payload ->> 'email_kind' as kind,
               case when completed_at is not null then 'SENT' when failed_at is not null then 'FAILED'
                    else 'PENDING' end as status,
               ${isoSql(sql`created_at`)} as created_at
        from jobs
        where kind = ${SEND_EMAIL_JOB} and payload ->> 'account_id' = ${accountId}
          and lower(payload ->> 'to') = ${email}
        order by id`),
    );
  },

  async erasePersonalData(tx: Tx, accountId: string, target: ErasureTarget) {
    const toPerson = targetSql(target, sql`(payload ->> 'to')`, sql`(payload ->> 'event_id')::uuid`);
    // E-mails to others about the person's orders (a ticket sent to a friend names the buyer) lose their
    // contents too, the friend's address stays; one still unsent is given up like the person's own.
    const aboutPerson =
      'email' in target
        ? sql`payload ->> 'order_id' in (
            select id::text from orders where account_id = ${accountId} and lower(email) = ${target.email})`
        : sql`false`;
    const erased = rowsOf(
      await tx.execute(sql`
        update jobs set
          payload = jsonb_strip_nulls(jsonb_build_object(
            'to', case when ${toPerson} then to_jsonb(${pseudonymSql(target)}) else payload -> 'to' end,
            'subject', '', 'html', '', 'text', '',
            'message_key', payload -> 'message_key', 'account_id', payload -> 'account_id',
            'event_id', payload -> 'event_id', 'order_id', payload -> 'order_id',
            'email_kind', payload -> 'email_kind', 'personal_data_erased', true)),
          failed_at = case when completed_at is null and failed_at is null then now() else failed_at end,
          last_error = case when completed_at is null and failed_at is null then 'personal data erased'
                            else last_error end
        where kind = ${SEND_EMAIL_JOB} and payload ->> 'account_id' = ${accountId}
          and not payload ? 'personal_data_erased' and (${toPerson} or ${aboutPerson})
        returning id`),
    );
    return { erased: erased.length, kept: 0 };
  },
};
