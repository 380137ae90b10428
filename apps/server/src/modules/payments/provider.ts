import type { PaymentProvider } from '@taquilla/shared';
import type { OrderPaymentInput } from '@taquilla/shared/schemas/checkout';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import type { PaymentRow } from './payments.repository.ts';

/**
 * What every payment provider (`test`, `offline`, `stripe`) does, behind one interface: checkout asks
 * the provider for the buyer's choice and acts on the answer, never on the provider's name. A provider
 * talks to its payment network and records its own attempts (`payments` rows); what a payment does to
 * an order is checkout's decision (`checkout/confirmation.ts`).
 */
export interface ProviderContext {
  config: Config;
  db: Queryable;
  log?: FastifyBaseLogger;
}

/** The order being paid, as the provider needs it. */
export interface OrderToPay {
  id: string;
  short_id: string;
  event_id: string;
  total_cents: number;
  currency: string;
  email: string | null;
}

/** What starting a payment gave. */
export type StartOutcome =
  /** Charged at once (the simulated card) under a new `ref` (no payment row has it yet): checkout confirms it. */
  | { kind: 'paid'; ref: string }
  /** Refused at once: checkout records the failure; the order stays payable. */
  | { kind: 'declined'; ref: string; reason: string }
  /** The buyer's payment details are not valid (nothing was attempted). */
  | { kind: 'invalid_details'; field: string }
  /** Paid outside (bank transfer, at the door): the order waits for the organizer to mark it paid. */
  | { kind: 'offline' }
  /** The buyer pays in the browser; the outcome arrives later (webhook, return page). */
  | {
      kind: 'pending';
      ref: string;
      client: { client_secret: string; publishable_key: string; account_id?: string };
    };

/** A payment's state at the provider, when checkout asks (the return page, the reconciliation job). */
export type PaymentCheck =
  | { kind: 'succeeded'; amountCents: number; currency: string }
  | { kind: 'failed'; reason: string; amountCents: number; currency: string }
  | { kind: 'pending' };

/** A payment cancelled before it was charged, as a check answers it. */
export const cancelledCheck = (payment: PaymentRow): PaymentCheck => ({
  kind: 'failed',
  reason: 'canceled',
  amountCents: payment.amount_cents,
  currency: payment.currency,
});

/**
 * What a provider says about one of its refunds (its webhook), in no provider's terms: orders find the
 * refund by either id and settle it once (`refunds/refunds.service.ts` `settleProviderRefund`).
 */
export interface RefundUpdate {
  /** The provider's id of the refund. */
  providerRef: string;
  /** Our refund's id, when the provider carries it back (Stripe: the refund's metadata). */
  refundRowId?: string;
  status: 'SUCCEEDED' | 'PENDING' | 'FAILED';
  failureReason?: string;
}

export interface PaymentProviderDriver {
  readonly id: PaymentProvider;
  /**
   * Whether it needs the account's payment settings (the connected Stripe account) beside the event's
   * settings: the others are not worth a read of them on every payment.
   */
  readonly usesAccountSettings: boolean;
  /** Whether it can be offered for an event with these settings (keys configured, instructions given...). */
  works(config: Config, settings: Record<string, unknown>): boolean;
  /** Starts paying `order.total_cents`; throws when the provider cannot be reached or refuses to start. */
  start(
    ctx: ProviderContext,
    order: OrderToPay,
    input: OrderPaymentInput,
    settings: Record<string, unknown>,
  ): Promise<StartOutcome>;
  /** Asks the provider about a PENDING payment it started (providers that answer at once never have one). */
  check(ctx: ProviderContext, payment: PaymentRow, settings: Record<string, unknown>): Promise<PaymentCheck>;
  /**
   * Makes sure a PENDING payment can never be charged any more (its order was released) and answers its
   * final state: 'failed' once cancelled, or 'succeeded' when the money came in before the cancel could.
   */
  cancel(ctx: ProviderContext, payment: PaymentRow, settings: Record<string, unknown>): Promise<PaymentCheck>;
  /**
   * Gives back `amountCents` of a payment it took. `state` is 'REFUNDED' when done, 'PENDING' when the
   * provider confirms later (Stripe: its webhook, which names the refund by `ref` or by `refundId` in the
   * refund's metadata); throws when the provider refuses. `refundId` (an organizer's refund row) makes the
   * call idempotent per refund, so two partial refunds of the same amount are two refunds. `offline`
   * money is given back by the organizer outside Taquilla: recorded as done.
   */
  refund(
    ctx: ProviderContext,
    payment: PaymentRow,
    request: { amountCents: number; settings: Record<string, unknown>; refundId?: string },
  ): Promise<{ state: 'REFUNDED' | 'PENDING'; ref: string }>;
}
