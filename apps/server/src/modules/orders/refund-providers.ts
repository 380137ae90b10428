import type { Config } from '../../config.ts';
import { randomBase62 } from '../../lib/ids.ts';
import { stripeClient } from '../payments/payments.service.ts';

/** What a refund asks of the provider that took the money. */
export interface RefundRequest {
  refundId: string;
  orderId: string;
  /** The provider's id of the payment being refunded (Stripe PaymentIntent id). */
  paymentRef: string;
  amountCents: number;
  /** The connected Stripe account of the event, when it has one. */
  stripeAccount?: string;
}

/** The provider's answer: done, still working on it (a webhook settles it later), or refused. */
export interface RefundOutcome {
  status: 'SUCCEEDED' | 'PENDING' | 'FAILED';
  providerRef: string | null;
  failureReason?: string;
}

export interface RefundProvider {
  refund(request: RefundRequest): Promise<RefundOutcome>;
}

/** Simulated payments are refunded at once. */
const testProvider: RefundProvider = {
  refund: async () => ({ status: 'SUCCEEDED', providerRef: `test_re_${randomBase62(20)}` }),
};

/** Money taken outside (bank transfer, cash): the organizer records a refund they made outside too. */
const offlineProvider: RefundProvider = {
  refund: async () => ({ status: 'SUCCEEDED', providerRef: `offline_re_${randomBase62(20)}` }),
};

/** Maps a Stripe refund's status onto ours (`requires_action` waits for the buyer, like `pending`). */
export function stripeRefundState(status: string | null | undefined): RefundOutcome['status'] {
  if (status === 'succeeded') return 'SUCCEEDED';
  if (status === 'failed' || status === 'canceled') return 'FAILED';
  return 'PENDING';
}

function stripeProvider(config: Config): RefundProvider {
  return {
    async refund(request) {
      try {
        const refund = await stripeClient(config).refunds.create(
          {
            payment_intent: request.paymentRef,
            amount: request.amountCents,
            reason: 'requested_by_customer',
            metadata: { refund_id: request.refundId, order_id: request.orderId },
          },
          {
            // A retry of the same refund row never refunds twice.
            idempotencyKey: `order_refund_${request.refundId}`,
            ...(request.stripeAccount ? { stripeAccount: request.stripeAccount } : {}),
          },
        );
        return {
          status: stripeRefundState(refund.status),
          providerRef: refund.id,
          ...(refund.failure_reason ? { failureReason: refund.failure_reason } : {}),
        };
      } catch (err) {
        return { status: 'FAILED', providerRef: null, failureReason: (err as Error).message.slice(0, 500) };
      }
    },
  };
}

/** The refund side of each payment provider, by the name stored on the payment. */
export function refundProvider(config: Config, provider: string): RefundProvider | null {
  switch (provider) {
    case 'test':
      return testProvider;
    case 'offline':
      return offlineProvider;
    case 'stripe':
      return stripeProvider(config);
    default:
      return null;
  }
}
