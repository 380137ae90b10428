import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf, type Tx } from '../../db/client.ts';
import { type ErasureTarget, isoSql, type PersonalDataKind, targetSql } from '../../lib/personal-data.ts';

/**
 * What the door holds about a ticket holder: when they were let in through which list (and the scans
 * it could not keep). Those rows name no one: they stay, counted as kept, linked to the pseudonymised
 * attendee, so the event's attendance figures do not change. The door devices' copies of names and
 * e-mails come from the attendee rows and are replaced at their next sync (the attendee's door_version
 * moves with the erasure).
 */
export const checkInsPersonalData: PersonalDataKind = {
  kind: 'check_ins',

  async personalDataOf(q: Queryable, accountId: string, email: string) {
    return rowsOf(
      await q.execute(sql`
        select a.short_id as attendee_short_id, e.name as event_name, l.name as list_name,
               ${isoSql(sql`c.scanned_at`)} as scanned_at, null as conflict
        from check_ins c join attendees a on a.id = c.attendee_id join events e on e.id = c.event_id
          join check_in_lists l on l.id = c.check_in_list_id
        where c.account_id = ${accountId} and lower(a.email) = ${email}
        union all
        select a.short_id, e.name, l.name, ${isoSql(sql`c.scanned_at`)}, c.reason
        from check_in_conflicts c join attendees a on a.id = c.attendee_id join events e on e.id = c.event_id
          join check_in_lists l on l.id = c.check_in_list_id
        where c.account_id = ${accountId} and lower(a.email) = ${email}
        order by 4`),
    );
  },

  async erasePersonalData(tx: Tx, accountId: string, target: ErasureTarget) {
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        select count(*)::int as n from check_ins c join attendees a on a.id = c.attendee_id
        where c.account_id = ${accountId} and ${targetSql(target, sql`a.email`, sql`a.event_id`)}`),
    );
    return { erased: 0, kept: Number(row?.n ?? 0) };
  },
};
