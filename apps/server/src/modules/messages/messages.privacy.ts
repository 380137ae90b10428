import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf, type Tx } from '../../db/client.ts';
import {
  type ErasureTarget,
  isoSql,
  type PersonalDataKind,
  pseudonymSql,
  targetSql,
} from '../../lib/personal-data.ts';

/**
 * Deliveries of the organizer's messages: one row per recipient address. Erasing pseudonymises the
 * address and forgets the name; a delivery not yet sent is given up (it could no longer arrive).
 */
export const messageDeliveriesPersonalData: PersonalDataKind = {
  kind: 'message_deliveries',

  async personalDataOf(q: Queryable, accountId: string, email: string) {
    return rowsOf(
      await q.execute(sql`
        select e.name as event_name, m.subject, d.email, d.first_name, d.status,
               ${isoSql(sql`d.sent_at`)} as sent_at
        from message_deliveries d join messages m on m.id = d.message_id join events e on e.id = m.event_id
        where m.account_id = ${accountId} and lower(d.email) = ${email}
        order by d.id`),
    );
  },

  async erasePersonalData(tx: Tx, accountId: string, target: ErasureTarget) {
    const erased = rowsOf(
      await tx.execute(sql`
        update message_deliveries d set email = ${pseudonymSql(target)}, first_name = null,
          status = case when d.status = 'PENDING' then 'FAILED' else d.status end,
          last_error = case when d.status = 'PENDING' then 'personal data erased' else d.last_error end
        from messages m
        where m.id = d.message_id and m.account_id = ${accountId}
          and ${targetSql(target, sql`d.email`, sql`m.event_id`)}
        returning d.id`),
    );
    return { erased: erased.length, kept: 0 };
  },
};
