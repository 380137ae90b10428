import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { RefundUpdate } from './provider.ts';
import { onAccount, stripeClient } from './stripe.ts';

/** A Stripe refund's status as ours (`requires_action` waits for the buyer, like `pending`). */
function refundState(status: string | null | undefined): RefundUpdate['status'] {
  if (status === 'succeeded') return 'SUCCEEDED';
  if (status === 'failed' || status === 'canceled') return 'FAILED';
  return 'PENDING';
}

function refundUpdate(refund: Stripe.Refund): RefundUpdate {
  return {
    providerRef: refund.id,
    ...(refund.metadata?.refund_id ? { refundRowId: refund.metadata.refund_id } : {}),
    status: refundState(refund.status),
    ...(refund.failure_reason ? { failureReason: refund.failure_reason } : {}),
  };
}

/**
 * The refunds a Stripe refund event speaks of: `refund.*` carries the refund itself; `charge.refunded`
 * names the PaymentIntent, whose refunds are then asked of Stripe — on the connected account the event
 * came from (`event.account`), where the charge and its refunds live.
 */
export async function stripeRefundUpdates(config: Config, event: Stripe.Event): Promise<RefundUpdate[]> {
  if (event.type === 'charge.refunded') {
    const intent = event.data.object.payment_intent;
    const intentId = typeof intent === 'string' ? intent : intent?.id;
    if (!intentId) return [];
    const refunds = await stripeClient(config).refunds.list(
      { payment_intent: intentId, limit: 100 },
      onAccount(event.account),
    );
    return refunds.data.map(refundUpdate);
  }
  if (event.type === 'refund.created' || event.type === 'refund.updated' || event.type === 'refund.failed') {
    return [refundUpdate(event.data.object)];
  }
  return [];
}
