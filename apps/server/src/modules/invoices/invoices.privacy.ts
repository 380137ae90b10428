import { sql } from 'drizzle-orm';
import { type Queryable, rowsOf, type Tx } from '../../db/client.ts';
import { type ErasureTarget, type PersonalDataKind, targetSql } from '../../lib/personal-data.ts';

/**
 * Invoices and credit notes of the person's orders. They are legal documents, kept as issued (a trigger
 * refuses any change): the export lists them, the erasure leaves them and counts them as kept.
 */
export const invoicesPersonalData: PersonalDataKind = {
  kind: 'invoices',

  async personalDataOf(q: Queryable, accountId: string, email: string) {
    return rowsOf(
      await q.execute(sql`
        select i.number_text, i.kind, i.type, i.issue_date, i.currency, i.total_cents, i.tax_cents,
               i.buyer, o.short_id as order_short_id
        from invoices i join orders o on o.id = i.order_id
        where i.account_id = ${accountId} and lower(o.email) = ${email}
        order by i.chain_seq`),
    );
  },

  async erasePersonalData(tx: Tx, accountId: string, target: ErasureTarget) {
    const [row] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        select count(*)::int as n from invoices i join orders o on o.id = i.order_id
        where i.account_id = ${accountId} and ${targetSql(target, sql`o.email`, sql`o.event_id`)}`),
    );
    return { erased: 0, kept: Number(row?.n ?? 0) };
  },
};
