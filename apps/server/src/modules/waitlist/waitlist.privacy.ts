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
 * Waiting-list sign-ups: names and e-mail. An erased person still waiting leaves the list (no offer
 * could reach them); an offer already made keeps its order, which the orders module pseudonymises.
 */
export const waitlistPersonalData: PersonalDataKind = {
  kind: 'waitlist',

  async personalDataOf(q: Queryable, accountId: string, email: string) {
    return rowsOf(
      await q.execute(sql`
        select e.name as event_name, t.name as ticket_name, w.first_name, w.last_name, w.email,
               w.quantity, w.locale, w.state, ${isoSql(sql`w.created_at`)} as created_at,
               ${isoSql(sql`w.offered_at`)} as offered_at, ${isoSql(sql`w.left_at`)} as left_at
        from waitlist_entries w join events e on e.id = w.event_id join tickets t on t.id = w.ticket_id
        where w.account_id = ${accountId} and lower(w.email) = ${email}
        order by w.created_at`),
    );
  },

  async erasePersonalData(tx: Tx, accountId: string, target: ErasureTarget) {
    const erased = rowsOf(
      await tx.execute(sql`
        update waitlist_entries set first_name = ${ERASED_NAME}, last_name = '', email = ${pseudonymSql(target)},
          state = case when state = 'WAITING' then 'LEFT' else state end,
          left_at = case when state = 'WAITING' then now() else left_at end, updated_at = now()
        where account_id = ${accountId} and ${targetSql(target, sql`email`, sql`event_id`)}
        returning id`),
    );
    return { erased: erased.length, kept: 0 };
  },
};
