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
 * The buyer's side of orders: names, e-mail, invoice details, the organizer's notes, the checkout's pending
 * attendee details, the reservation holder's hash and the e-mail addresses in the order's activity log. Amounts, lines and
 * statuses stay (the books add up); the order's answers are the questions module's.
 */
export const ordersPersonalData: PersonalDataKind = {
  kind: 'orders',

  async personalDataOf(q: Queryable, accountId: string, email: string) {
    return rowsOf(
      await q.execute(sql`
        select o.short_id, e.name as event_name, o.status, o.payment_status, o.refund_status,
               o.first_name, o.last_name, o.email, o.locale, o.currency, o.total_cents,
               o.promo_code, o.invoice_details, o.organizer_notes, o.is_manual,
               ${isoSql(sql`o.created_at`)} as created_at, ${isoSql(sql`o.completed_at`)} as completed_at
        from orders o join events e on e.id = o.event_id
        where o.account_id = ${accountId} and lower(o.email) = ${email}
        order by o.created_at`),
    );
  },

  async erasePersonalData(tx: Tx, accountId: string, target: ErasureTarget) {
    const erased = rowsOf<{ id: string }>(
      await tx.execute(sql`
        update orders set first_name = ${ERASED_NAME}, last_name = '', email = ${pseudonymSql(target)},
          invoice_details = null, pending_attendees = '[]'::jsonb, held_by = null, organizer_notes = '',
          updated_at = now()
        where account_id = ${accountId} and ${targetSql(target, sql`email`, sql`event_id`)}
        returning id`),
    );
    const ids = erased.map((r) => r.id);
    // The activity log names e-mail recipients (`to`) and cancelled attendees (`attendee`), and keeps
    // every version of the organizer's notes (`notes`).
    const mentioned = 'email' in target ? sql` or lower(details ->> 'to') = ${target.email}` : sql``;
    await tx.execute(sql`
      update order_activities set details = details - 'to' - 'attendee' - 'notes'
      where account_id = ${accountId} and (details ? 'to' or details ? 'attendee' or details ? 'notes')
        and (order_id = any(${`{${ids.join(',')}}`}::uuid[])${mentioned})`);
    return { erased: ids.length, kept: 0 };
  },
};
