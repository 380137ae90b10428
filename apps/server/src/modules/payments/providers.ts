import { PAYMENT_PROVIDERS, type PaymentProvider } from '@taquilla/shared';
import type { Config } from '../../config.ts';
import { stripeConfigured } from './stripe.ts';

/**
 * The payment providers a buyer may use for an event: the event's `settings.payment_providers` when set,
 * otherwise `test` when simulated payments are on, `offline` when the event has instructions and
 * `stripe` when keys exist. A provider is never offered without what it needs to work.
 */
export function eventPaymentProviders(config: Config, settings: Record<string, unknown>): PaymentProvider[] {
  const instructions = String(settings.offline_payment_instructions ?? '').trim();
  const works: Record<PaymentProvider, boolean> = {
    test: config.testPayments,
    offline: instructions.length > 0,
    stripe: stripeConfigured(config),
  };
  const chosen = Array.isArray(settings.payment_providers)
    ? (settings.payment_providers as string[]).filter((p): p is PaymentProvider =>
        (PAYMENT_PROVIDERS as readonly string[]).includes(p),
      )
    : [...PAYMENT_PROVIDERS];
  return chosen.filter((p) => works[p]);
}

/** The simulated card form: outcome by card number, like the providers' own test cards. */
export type TestCardOutcome = 'succeeded' | 'declined' | 'invalid';
const DECLINED = new Set(['4000000000000002', '4000000000009995', '4000000000000069']);

export function testCardOutcome(cardNumber: string): TestCardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) return 'invalid';
  return DECLINED.has(digits) ? 'declined' : 'succeeded';
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
