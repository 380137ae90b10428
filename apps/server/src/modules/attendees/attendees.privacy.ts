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
 * Ticket holders: their names and e-mail. The ticket itself (status, QR secret, check-ins) stays, so a
 * pseudonymised ticket still opens the door; the change reaches door devices through `door_version`
 * (a trigger bumps it on every update). Answers are the questions module's.
 */
export const attendeesPersonalData: PersonalDataKind = {
  kind: 'attendees',

  async personalDataOf(q: Queryable, accountId: string, email: string) {
    return rowsOf(
      await q.execute(sql`
        select a.short_id, e.name as event_name, o.short_id as order_short_id, t.name as ticket_name,
               a.first_name, a.last_name, a.email, a.status, ${isoSql(sql`a.created_at`)} as created_at
        from attendees a join events e on e.id = a.event_id join orders o on o.id = a.order_id
          join tickets t on t.id = a.ticket_id
        where a.account_id = ${accountId} and lower(a.email) = ${email}
        order by a.created_at, a.short_id`),
    );
  },

  async erasePersonalData(tx: Tx, accountId: string, target: ErasureTarget) {
    const erased = rowsOf(
      await tx.execute(sql`
        update attendees set first_name = ${ERASED_NAME}, last_name = '', email = ${pseudonymSql(target)},
          updated_at = now()
        where account_id = ${accountId} and ${targetSql(target, sql`email`, sql`event_id`)}
        returning id`),
    );
    return { erased: erased.length, kept: 0 };
  },
};
