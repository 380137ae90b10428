import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf, type Tx } from '../../db/client.ts';
import {
  ERASED_NAME,
  type ErasureTarget,
  isoSql,
  type PersonalDataKind,
  pseudonymSql,
  targetSql,
} from '../../lib/personal-data.ts';

/**
 * Ticket transfers name both people (who gave the ticket, who got it); «find my tickets» links are kept
 * for their address until they expire. Erasing pseudonymises the person's side of each transfer (the
 * other side is someone else's) and deletes their links.
 */
export const ticketTransfersPersonalData: PersonalDataKind = {
  kind: 'ticket_transfers',

  async personalDataOf(q: Queryable, accountId: string, email: string) {
    return rowsOf(
      await q.execute(sql`
        select e.name as event_name, x.old_short_id, x.from_name, x.from_email, x.to_name, x.to_email,
               ${isoSql(sql`x.created_at`)} as created_at
        from ticket_transfers x join events e on e.id = x.event_id
        where x.account_id = ${accountId} and (lower(x.from_email) = ${email} or lower(x.to_email) = ${email})
        union all
        select e.name, null, null, t.email, null, null, ${isoSql(sql`t.created_at`)}
        from ticket_lookup_tokens t join events e on e.id = t.event_id
        where t.account_id = ${accountId} and lower(t.email) = ${email}
        order by 7`),
    );
  },

  async erasePersonalData(tx: Tx, accountId: string, target: ErasureTarget) {
    const from = targetSql(target, sql`from_email`, sql`event_id`);
    const to = targetSql(target, sql`to_email`, sql`event_id`);
    const transfers = rowsOf(
      await tx.execute(sql`
        update ticket_transfers set
          from_name = case when ${from} then ${ERASED_NAME} else from_name end,
          from_email = case when ${from} then ${pseudonymSql(target)} else from_email end,
          to_name = case when ${to} then ${ERASED_NAME} else to_name end,
          to_email = case when ${to} then ${pseudonymSql(target)} else to_email end
        where account_id = ${accountId} and (${from} or ${to})
        returning id`),
    );
    const links = rowsOf(
      await tx.execute(sql`
        delete from ticket_lookup_tokens
        where account_id = ${accountId} and ${targetSql(target, sql`email`, sql`event_id`)}
        returning id`),
    );
    return { erased: transfers.length + links.length, kept: 0 };
  },
};
