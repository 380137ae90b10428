import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import * as paymentSettings from '../payment-settings/payment-settings.service.ts';
import * as payments from '../payments/payments.service.ts';
import { paymentProvider } from '../payments/providers.ts';
import { findEvent } from './checkout.repository.ts';
import { applyCheck } from './payment.ts';

type Deps = Pick<AppDeps, 'db' | 'jobs' | 'config'> & { log?: FastifyBaseLogger };
type DuePayment = Awaited<ReturnType<typeof payments.pendingPaymentsStartedBefore>>[number];

export const RECONCILE_JOB = 'payments.reconcile';
const RECONCILE_EVERY_SECONDS = 60;
/** Payments asked about per run (the least recently looked at first). */
const BATCH = 200;

/**
 * Whether the order may still take this payment: a live reservation, or an order awaiting an offline
 * payment (its units are held; paying by card instead completes it).
 */
const orderStillPayable = (p: DuePayment, now: Date) =>
  (p.order_status === 'RESERVED' && p.reserved_until > now) || p.order_status === 'AWAITING_OFFLINE_PAYMENT';

/**
 * The backstop for a webhook that never came (misconfigured endpoint, provider outage): every payment
 * still PENDING `PAYMENT_RECONCILE_AFTER_MINUTES` after it started is asked of its provider, and the answer
 * goes through the same idempotent path as the webhook and the return page (`applyCheck`). A payment
 * still pending whose order can no longer take it (the reservation expired; the order was abandoned,
 * cancelled or paid another way) is cancelled at the provider, so it can never be charged later — the
 * order keeps no units; and if the money came in before the cancel could, that success is applied (a late
 * payment: honoured while the units are free, otherwise refunded).
 *
 * Safe with several processes at once: each outcome is applied under the order's and the payment's row
 * locks, and a payment already SUCCEEDED or FAILED is never applied again (`confirmation.ts`), so two runs
 * asking about the same payment change the order once.
 */
export async function reconcilePayments(deps: Deps): Promise<void> {
  const startedBefore = new Date(Date.now() - deps.config.paymentReconcileAfterMinutes * 60_000);
  for (const due of await payments.pendingPaymentsStartedBefore(deps.db, startedBefore, BATCH)) {
    let settled = false;
    try {
      settled = await reconcile(deps, due);
    } catch (err) {
      deps.log?.error({ err, payment: due.provider_ref }, 'payment could not be reconciled');
    }
    // Still pending (or the provider could not answer): the others come first next time.
    if (!settled) await payments.postponeReconciliation(deps.db, due.account_id, due.id);
  }
}

/** Asks about one payment and applies the answer; false while the provider still says pending. */
async function reconcile(deps: Deps, due: DuePayment): Promise<boolean> {
  const provider = paymentProvider(due.provider);
  const event = await findEvent(deps.db, due.event_id);
  const settings = event ? await paymentSettings.providerSettings(deps, event) : {};
  let check = await provider.check(deps, due, settings);
  if (check.kind === 'pending' && !orderStillPayable(due, new Date())) {
    check = await provider.cancel(deps, due, settings);
  }
  if (check.kind === 'pending') return false;
  await applyCheck(deps, due.account_id, due, check);
  return true;
}

/** Registers the repeating job: one occurrence scheduled across every process (`lib/jobs.ts` `repeat`). */
export async function registerPaymentReconciliation(deps: Deps): Promise<void> {
  await deps.jobs.repeat(RECONCILE_JOB, RECONCILE_EVERY_SECONDS, () => reconcilePayments(deps));
}
