import { randomBase62 } from '../../lib/ids.ts';
import { cancelledCheck, type PaymentProviderDriver } from './provider.ts';

/** `offline`: bank transfer or pay at the door, per the event's instructions; the organizer marks it paid. */
export const offlineProvider: PaymentProviderDriver = {
  id: 'offline',
  usesAccountSettings: false,
  works: (_config, settings) => String(settings.offline_payment_instructions ?? '').trim().length > 0,
  start: async () => ({ kind: 'offline' }),
  check: async () => ({ kind: 'pending' }),
  cancel: async (_ctx, payment) => cancelledCheck(payment),
  refund: async () => ({ state: 'REFUNDED', ref: `offline_re_${randomBase62(20)}` }),
};
