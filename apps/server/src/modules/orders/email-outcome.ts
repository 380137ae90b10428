import type { Queryable } from '../../db/client.ts';
import type { EmailOutcome } from '../../lib/mailer.ts';
import { insertActivityIfOrder } from './activity.repository.ts';

/**
 * An order e-mail's outcome in the order's log, written with its job's mark: EMAIL_SENT once the mail
 * server accepted it, EMAIL_FAILED once it was given up (three days of refusals). Other e-mails pass.
 */
export async function recordOrderEmailOutcome(q: Queryable, outcome: EmailOutcome): Promise<void> {
  const { accountId, orderId, kind, key } = outcome.refs;
  if (!accountId || !orderId) return;
  await insertActivityIfOrder(q, {
    account_id: accountId,
    order_id: orderId,
    kind: outcome.status === 'SENT' ? 'EMAIL_SENT' : 'EMAIL_FAILED',
    details: {
      to: outcome.to,
      ...(kind ? { email: kind } : {}),
      ...(key ? { key } : {}),
      ...(outcome.error ? { error: outcome.error.slice(0, 500) } : {}),
    },
  });
}
