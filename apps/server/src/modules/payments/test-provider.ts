import { randomBase62 } from '../../lib/ids.ts';
import { cancelledCheck, type PaymentProviderDriver } from './provider.ts';

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

/** `test`: a simulated card, charged (or declined) at once; only when test payments are on. */
export const testProvider: PaymentProviderDriver = {
  id: 'test',
  usesAccountSettings: false,
  works: (config) => config.testPayments,
  async start(_ctx, _order, input) {
    const outcome = testCardOutcome(input.provider === 'test' ? input.card_number : '');
    if (outcome === 'invalid') return { kind: 'invalid_details', field: 'card_number' };
    const ref = `test_${randomBase62(24)}`;
    return outcome === 'declined'
      ? { kind: 'declined', ref, reason: 'card_declined' }
      : { kind: 'paid', ref };
  },
  check: async () => ({ kind: 'pending' }),
  cancel: async (_ctx, payment) => cancelledCheck(payment),
  refund: async () => ({ state: 'REFUNDED', ref: `test_re_${randomBase62(20)}` }),
};
