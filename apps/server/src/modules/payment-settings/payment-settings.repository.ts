import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { accountPaymentSettings } from '../../db/schema/index.ts';

export type PaymentSettingsRow = typeof accountPaymentSettings.$inferSelect;
type Changes = Partial<Omit<typeof accountPaymentSettings.$inferInsert, 'account_id'>>;

export async function findSettings(q: Queryable, accountId: string): Promise<PaymentSettingsRow | undefined> {
  const [row] = await q
    .select()
    .from(accountPaymentSettings)
    .where(eq(accountPaymentSettings.account_id, accountId))
    .limit(1);
  return row;
}

/** Creates the account's row on first write. */
export async function saveSettings(q: Queryable, accountId: string, changes: Changes) {
  const [row] = await q
    .insert(accountPaymentSettings)
    .values({ account_id: accountId, ...changes })
    .onConflictDoUpdate({
      target: accountPaymentSettings.account_id,
      set: { ...changes, updated_at: new Date() },
    })
    .returning();
  return row;
}

/** The flags Stripe reports for a connected account, wherever that account is connected. */
export async function updateByStripeAccount(
  q: Queryable,
  stripeAccountId: string,
  flags: { stripe_details_submitted: boolean; stripe_charges_enabled: boolean },
) {
  return q
    .update(accountPaymentSettings)
    .set({ ...flags, updated_at: new Date() })
    .where(eq(accountPaymentSettings.stripe_account_id, stripeAccountId))
    .returning({ account_id: accountPaymentSettings.account_id });
}
