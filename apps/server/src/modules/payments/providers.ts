import { PAYMENT_PROVIDERS, type PaymentProvider } from '@taquilla/shared';
import type { Config } from '../../config.ts';
import { offlineProvider } from './offline-provider.ts';
import type { PaymentProviderDriver } from './provider.ts';
import { stripeProvider } from './stripe.ts';
import { testProvider } from './test-provider.ts';

const DRIVERS: Record<PaymentProvider, PaymentProviderDriver> = {
  test: testProvider,
  offline: offlineProvider,
  stripe: stripeProvider,
};

/** The provider behind a name (a buyer's choice, or the `provider` of a payment row). */
export function paymentProvider(id: string): PaymentProviderDriver {
  const driver = (DRIVERS as Record<string, PaymentProviderDriver | undefined>)[id];
  if (!driver) throw new Error(`unknown payment provider ${id}`);
  return driver;
}

/**
 * The payment providers a buyer may use for an event: the event's `settings.payment_providers` when set,
 * otherwise every provider; of those, the ones that work (`works`: test payments on, offline
 * instructions given, Stripe keys configured). A provider is never offered without what it needs.
 */
export function eventPaymentProviders(config: Config, settings: Record<string, unknown>): PaymentProvider[] {
  const chosen = Array.isArray(settings.payment_providers)
    ? (settings.payment_providers as string[]).filter((p): p is PaymentProvider =>
        (PAYMENT_PROVIDERS as readonly string[]).includes(p),
      )
    : [...PAYMENT_PROVIDERS];
  return chosen.filter((p) => DRIVERS[p].works(config, settings));
}
