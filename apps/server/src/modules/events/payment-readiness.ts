import type { PaymentProvider } from '@taquilla/shared';
import type { Config } from '../../config.ts';
import { eventPaymentProviders } from '../payments/providers.ts';
import { eventMessages as m } from './events.messages.ts';

/** Why a chosen payment method cannot take money, as the organizer reads it. */
const NOT_WORKING: Record<PaymentProvider, string> = {
  stripe: m['events.stripe_not_ready'],
  offline: m['events.offline_not_ready'],
  test: m['events.test_payments_off'],
};

/**
 * Whether buyers can pay with the payment methods of these event settings now: the answer checkout
 * gives (`eventPaymentProviders`, which offers only the methods that work), asked before the event sells.
 * Returns the message naming the first chosen method that cannot take money, or null when all can.
 * Settings without a choice offer every working method, as checkout does: then one must work.
 */
export function paymentMethodsProblem(config: Config, settings: Record<string, unknown>): string | null {
  const working = eventPaymentProviders(config, settings);
  if (!Array.isArray(settings.payment_providers)) {
    return working.length ? null : m['events.payment_provider_required'];
  }
  const chosen = settings.payment_providers as PaymentProvider[];
  const failing = chosen.find((p) => !working.includes(p));
  if (failing) return NOT_WORKING[failing] ?? m['events.payment_provider_required'];
  return chosen.length ? null : m['events.payment_provider_required'];
}
